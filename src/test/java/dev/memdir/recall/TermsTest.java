package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TermsTest {

    @Test
    void wordsAreLowerCasedRunsOfLettersAndDigits_singleLettersLeftOut() {
        assertThat(Terms.of("Deploy v2 to a K8s cluster, fast!")).containsExactly("deploy", "v2", "to", "k8s",
                "cluster", "fast");
    }

    @Test
    void chineseTextBecomesPairsOfNeighbouringCharacters() {
        assertThat(Terms.of("报名陶艺课")).containsExactly("报名", "名陶", "陶艺", "艺课");
    }

    @Test
    void aLoneChineseCharacterIsATerm_andScriptsSplitARun() {
        assertThat(Terms.of("猫 and 狗")).containsExactly("猫", "and", "狗");
        assertThat(Terms.of("用Prettier格式化")).containsExactly("用", "prettier", "格式", "式化");
    }

    @Test
    void japaneseKanaAndKoreanArePairedToo() {
        assertThat(Terms.of("ひらがな")).containsExactly("ひら", "らが", "がな");
        assertThat(Terms.of("한국어")).containsExactly("한국", "국어");
    }

    @Test
    void charactersOutsideTheBasicPlaneStayWhole() {
        assertThat(Terms.of("𠀀𠀁")).containsExactly("𠀀𠀁");
    }
}
