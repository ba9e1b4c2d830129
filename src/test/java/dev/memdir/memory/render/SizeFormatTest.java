package dev.memdir.memory.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SizeFormatTest {

    @ParameterizedTest(name = "{0} bytes -> {1}")
    @CsvSource({
        "0, 0B",
        "1, 1B",
        "17, 17B",
        "1023, 1023B",
        "1024, 1K",
        "1025, 1.0K",
        "1280, 1.3K",
        "1536, 1.5K",
        "1792, 1.8K",
        "4096, 4K",
        "10240, 10K",
        "10245, 10.0K",
        "102400, 100K",
        "1048576, 1M",
        "1310720, 1.3M",
        "1572864, 1.5M",
        "1610612736, 1.5G",
        "2147483648, 2G",
        "1099511627776, 1T",
    })
    void format_binaryUnits_exactIntegerWithoutDecimal_otherwiseOneDecimalHalfUp(long bytes, String expected) {
        assertThat(SizeFormat.format(bytes)).isEqualTo(expected);
    }

    @Test
    void format_ignoresDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(SizeFormat.format(1536)).isEqualTo("1.5K");
            assertThat(SizeFormat.format(10245)).isEqualTo("10.0K");
        } finally {
            Locale.setDefault(before);
        }
    }
}
