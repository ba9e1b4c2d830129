package dev.memdir.server.feature;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UriTemplateTest {

    private final UriTemplate reserved = new UriTemplate("memdir://instructions/for/{+path}");

    @Test
    void reservedExpansionMatchesAcrossSlashes() {
        assertThat(reserved.matches("memdir://instructions/for/api/v1/users.ts")).isTrue();
        assertThat(reserved.values("memdir://instructions/for/api/v1/users.ts"))
                .isEqualTo(Map.of("path", "api/v1/users.ts"));
        assertThat(reserved.variableNames()).containsExactly("path");
    }

    @ParameterizedTest(name = "{0} matches {1}: {2}")
    @CsvSource({
        "memdir://memory/history/{name}, memdir://memory/history/a.md, true",
        "memdir://memory/history/{name}, memdir://memory/history/a/b.md, false",
        "memdir://instructions, memdir://instructions, true",
        "memdir://instructions, memdir://instructions/report, false",
        "memdir://instructions/for/{+path}, memdir://instructions/for/, false",
    })
    void aSimpleVariableMatchesOneSegment_aPlainUriOnlyItself_aReservedOneNotNothing(String template, String uri,
            boolean matches) {
        assertThat(new UriTemplate(template).matches(uri)).isEqualTo(matches);
    }

    @Test
    void plainUrisAreNotTemplates() {
        assertThat(UriTemplate.isTemplate("memdir://instructions")).isFalse();
        assertThat(UriTemplate.isTemplate("memdir://instructions/for/{+path}")).isTrue();
    }

    @Test
    void queryVariableIsOptionalAndTakesTheRawValue() {
        UriTemplate query = new UriTemplate("memdir://memory/recall{?q}");

        assertThat(UriTemplate.isTemplate("memdir://memory/recall{?q}")).isTrue();
        assertThat(query.variableNames()).containsExactly("q");
        assertThat(query.values("memdir://memory/recall?q=roll%20back+deploy"))
                .containsExactly(Map.entry("q", "roll%20back+deploy"));
        assertThat(query.matches("memdir://memory/recall")).isTrue();
        assertThat(query.values("memdir://memory/recall")).isEmpty();
        assertThat(query.matches("memdir://memory/recall?other=1")).isFalse();
        assertThat(query.matches("memdir://memory/recallx")).isFalse();
    }
}
