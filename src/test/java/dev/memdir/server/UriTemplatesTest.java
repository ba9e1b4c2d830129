package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class UriTemplatesTest {

    private final UriTemplates reserved = new UriTemplates("memdir://instructions/for/{+path}");

    @Test
    void reservedExpansionMatchesAcrossSlashes() {
        assertThat(reserved.matches("memdir://instructions/for/api/v1/users.ts")).isTrue();
        assertThat(reserved.extractVariableValues("memdir://instructions/for/api/v1/users.ts"))
                .isEqualTo(Map.of("path", "api/v1/users.ts"));
        assertThat(reserved.getVariableNames()).containsExactly("path");
    }

    @Test
    void simpleVariableMatchesOneSegment() {
        UriTemplates simple = new UriTemplates("memdir://memory/history/{name}");

        assertThat(simple.matches("memdir://memory/history/a.md")).isTrue();
        assertThat(simple.matches("memdir://memory/history/a/b.md")).isFalse();
    }

    @Test
    void plainUrisAreNotTemplatesAndMatchOnlyThemselves() {
        UriTemplates plain = new UriTemplates("memdir://instructions");

        assertThat(plain.isUriTemplate("memdir://instructions")).isFalse();
        assertThat(reserved.isUriTemplate("memdir://instructions/for/{+path}")).isTrue();
        assertThat(plain.matches("memdir://instructions")).isTrue();
        assertThat(plain.matches("memdir://instructions/report")).isFalse();
        assertThat(reserved.matches("memdir://instructions/for/")).isFalse();
    }

    @Test
    void queryVariableIsOptionalAndTakesTheRawValue() {
        UriTemplates query = new UriTemplates("memdir://memory/recall{?q}");

        assertThat(query.isUriTemplate("memdir://memory/recall{?q}")).isTrue();
        assertThat(query.getVariableNames()).containsExactly("q");
        assertThat(query.extractVariableValues("memdir://memory/recall?q=roll%20back+deploy"))
                .containsExactly(Map.entry("q", "roll%20back+deploy"));
        assertThat(query.matches("memdir://memory/recall")).isTrue();
        assertThat(query.extractVariableValues("memdir://memory/recall")).isEmpty();
        assertThat(query.matches("memdir://memory/recall?other=1")).isFalse();
        assertThat(query.matches("memdir://memory/recallx")).isFalse();
    }
}
