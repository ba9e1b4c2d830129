package dev.memdir.server.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.server.feature.UriTemplate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The 2025-11-25 server matches templates as memdir's own {@link UriTemplate} does, nested paths included. */
class ReservedExpansionTemplatesTest {

    private static final List<String> URIS = List.of("memdir://instructions/for/api/v1/users.ts",
            "memdir://instructions/for/", "memdir://memory/recall?q=roll%20back", "memdir://memory/recall",
            "memdir://instructions", "memdir://memory/history/a.md");

    @Test
    void everyAnswerIsMemdirsTemplates() {
        for (String template : List.of("memdir://instructions/for/{+path}", "memdir://memory/recall{?q}",
                "memdir://memory/history/{name}", "memdir://instructions")) {
            ReservedExpansionTemplates sdk = new ReservedExpansionTemplates(template);
            UriTemplate own = new UriTemplate(template);

            assertThat(sdk.getVariableNames()).as(template).isEqualTo(own.variableNames());
            assertThat(sdk.isUriTemplate(template)).as(template).isEqualTo(UriTemplate.isTemplate(template));
            for (String uri : URIS) {
                assertThat(sdk.matches(uri)).as(template + " " + uri).isEqualTo(own.matches(uri));
                assertThat(sdk.extractVariableValues(uri)).as(template + " " + uri).isEqualTo(own.values(uri));
            }
        }
        assertThat(new ReservedExpansionTemplates("memdir://instructions/for/{+path}")
                .matches("memdir://instructions/for/api/v1/users.ts")).isTrue();
    }
}
