package dev.memdir.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PostedFormTest {

    private static PostedForm decoded(String body) throws Exception {
        return PostedForm.decode(body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void fieldsAreDecodedAsUtf8_withRepeatedNamesKeptInOrder() throws Exception {
        PostedForm form = decoded("path=%2Fmemories%2Fa.md&path=%2Fmemories%2F%C3%A9.md&content=a+b%0D%0Ac&&flag");

        assertThat(form.all("path")).containsExactly("/memories/a.md", "/memories/é.md");
        assertThat(form.first("content")).hasValue("a b\r\nc");
        assertThat(form.first("flag")).hasValue("");
        assertThat(form.first("missing")).isEmpty();
    }

    @Test
    void aFormOfMoreThanTheMostFields_isRefused413() {
        String body = "csrf=x" + "&f=".repeat(PostedForm.MOST_FIELDS);

        assertThatThrownBy(() -> decoded(body))
                .isInstanceOfSatisfying(PostedForm.Refused.class, refused -> assertThat(refused.status).isEqualTo(413))
                .hasMessage("The form holds more than 20000 fields.");
    }

    @Test
    void aBrokenEscapeOrBrokenUtf8_isRefused400() {
        for (String body : new String[] {"a=%zz", "a=%4", "a=%C3", "a=%FF%FE"}) {
            assertThatThrownBy(() -> decoded(body)).as(body)
                    .isInstanceOfSatisfying(PostedForm.Refused.class,
                            refused -> assertThat(refused.status).isEqualTo(400))
                    .hasMessage("The form is not well encoded.");
        }
    }
}
