package dev.memdir.context;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.context.ContextEvalSet.Prompt;
import java.io.IOException;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The shape of the context evaluation sets that {@code scripts/recall-eval --context} asks of the jar: enough prompts
 * that bear on the memory and that do not, in both languages, every answer a file of the memory, no id or prompt
 * twice.
 */
class ContextEvalSetTest {

    @Test
    void eachSetHoldsPromptsForItsMemoryAndPromptsItHasNothingFor_inBothLanguages() throws IOException {
        for (ContextEvalSet set : ContextEvalSet.load()) {
            List<Prompt> unrelated = set.prompts().stream().filter(Prompt::unrelated).toList();
            List<Prompt> related = set.prompts().stream().filter(prompt -> !prompt.unrelated()).toList();
            assertThat(unrelated).as(set.name() + ": unrelated prompts").hasSizeGreaterThanOrEqualTo(40);
            assertThat(related).as(set.name() + ": prompts with answers").hasSizeGreaterThanOrEqualTo(80);
            for (String language : List.of("en", "zh")) {
                assertThat(unrelated).as(set.name() + ": unrelated in " + language)
                        .filteredOn(prompt -> prompt.language().equals(language)).hasSizeGreaterThanOrEqualTo(15);
                assertThat(related).as(set.name() + ": related in " + language)
                        .filteredOn(prompt -> prompt.language().equals(language)).hasSizeGreaterThanOrEqualTo(15);
            }
        }
    }

    @Test
    void everyAnswerIsAFileOfTheMemory_andNoIdOrPromptComesTwice() throws IOException {
        for (ContextEvalSet set : ContextEvalSet.load()) {
            Set<String> ids = new HashSet<>();
            Set<String> texts = new HashSet<>();
            for (Prompt prompt : set.prompts()) {
                assertThat(ids.add(prompt.id())).as(set.name() + ": id " + prompt.id() + " once").isTrue();
                assertThat(texts.add(prompt.text())).as(set.name() + ": prompt " + prompt.text() + " once").isTrue();
                for (String answer : prompt.answers()) {
                    assertThat(Files.isRegularFile(set.memories().resolve(answer)))
                            .as(set.name() + ": " + prompt.id() + " answer " + answer).isTrue();
                }
            }
        }
    }
}
