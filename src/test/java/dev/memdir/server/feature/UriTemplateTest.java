package dev.memdir.server.feature;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class UriTemplateTest {

    private final UriTemplate reserved = new UriTemplate("memdir://instructions/for/{+path}");

    @Test
    void reservedExpansionMatchesAcrossSlashes() {
        assertThat(reserved.matches("memdir://instructions/for/api/v1/users.ts")).isTrue();
        assertThat(reserved.values("memdir://instructions/for/api/v1/users.ts"))
                .isEqualTo(Map.of("path", "api/v1/users.ts"));
        assertThat(reserved.variableNames()).containsExactly("path");
    }

    @Test
    void simpleVariableMatchesOneSegment() {
        UriTemplate simple = new UriTemplate("memdir://memory/history/{name}");

        assertThat(simple.matches("memdir://memory/history/a.md")).isTrue();
        assertThat(simple.matches("memdir://memory/history/a/b.md")).isFalse();
    }

    @Test
    void plainUrisAreNotTemplatesAndMatchOnlyThemselves() {
        UriTemplate plain = new UriTemplate("memdir://instructions");

        assertThat(UriTemplate.isTemplate("memdir://instructions")).isFalse();
        assertThat(UriTemplate.isTemplate("memdir://instructions/for/{+path}")).isTrue();
        assertThat(plain.matches("memdir://instructions")).isTrue();
        assertThat(plain.matches("memdir://instructions/report")).isFalse();
        assertThat(reserved.matches("memdir://instructions/for/")).isFalse();
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
