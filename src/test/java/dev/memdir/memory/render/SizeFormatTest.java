package dev.memdir.memory.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Random;
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

    @Test
    void format_agreesWithDecimalHalfUpRoundingAcrossUnitsAndRoundingEdges() {
        Random random = new Random(20261129);
        for (int i = 0; i < 200_000; i++) {
            int unitPower = 1 + random.nextInt(5);
            long unitBytes = 1L << (10 * unitPower);
            long nearAHalfTenth = (1 + random.nextInt(1023)) * unitBytes + unitBytes / 20 * (1 + random.nextInt(19))
                    - 1 + random.nextInt(3);
            long anywhere = unitBytes + (random.nextLong() & Long.MAX_VALUE) % (unitBytes * 1023);
            long bytes = i % 2 == 0 ? anywhere : nearAHalfTenth;
            assertThat(SizeFormat.format(bytes)).as("%d bytes", bytes).isEqualTo(reference(bytes));
        }
    }

    /** The rule written out with BigDecimal: an exact multiple without decimals, else one decimal, half-up. */
    private static String reference(long bytes) {
        String[] units = {"K", "M", "G", "T", "P"};
        int unit = 0;
        long unitBytes = 1024;
        while (unit < units.length - 1 && bytes >= unitBytes * 1024) {
            unitBytes *= 1024;
            unit++;
        }
        BigDecimal value = BigDecimal.valueOf(bytes).divide(BigDecimal.valueOf(unitBytes));
        String number = bytes % unitBytes == 0 ? value.toBigInteger().toString()
                : value.setScale(1, RoundingMode.HALF_UP).toPlainString();
        return number + units[unit];
    }
}
