package dev.memdir.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UntrustedTest {

    @Test
    void controlCharactersLineBreaksAndNonAscii_becomeQuestionMarks() {
        assertThat(Untrusted.printable("\u001b[31mred\u0000\r\nforged line \u00e9\ud800"))
                .isEqualTo("?[31mred???forged line ??");
    }

    @Test
    void printableAsciiAndSpaces_stayAsTheyAre() {
        String text = " !\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~ ";
        assertThat(Untrusted.printable(text)).isEqualTo(text);
    }

    @Test
    void longText_isCutAfterOneHundredCharacters() {
        assertThat(Untrusted.printable("x".repeat(100))).isEqualTo("x".repeat(100));
        assertThat(Untrusted.printable("x".repeat(101))).isEqualTo("x".repeat(100) + "...");
    }

    @Test
    void quoted_isPrintableInSingleQuotes() {
        assertThat(Untrusted.quoted("a\nb")).isEqualTo("'a?b'");
    }
}
