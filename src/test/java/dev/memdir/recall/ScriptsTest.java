package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScriptsTest {

    @Test
    void aTextIsMostlyCjkWhenIdeographsAreMoreThanAThirdOfItsLetters() {
        assertThat(Scripts.mostlyCjk("Daniel 骑什么车去上班？")).isTrue();
        assertThat(Scripts.mostlyCjk("東京")).isTrue();
        assertThat(Scripts.mostlyCjk("where did we eat 小笼包 last time in Shanghai")).isFalse();
        assertThat(Scripts.mostlyCjk("How do releases reach prod?")).isFalse();
    }
}
