package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.recall.RecallEvalChats.ChatQuestion;
import dev.memdir.recall.RecallEvalChats.Conversation;
import dev.memdir.recall.RecallEvalChats.Layout;
import dev.memdir.recall.RecallEvalChats.Session;
import dev.memdir.recall.RecallEvalChats.Turn;
import dev.memdir.recall.RecallEvalSet.Kind;
import dev.memdir.recall.RecallEvalSet.Language;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shape of the chat-log evaluation set that {@code scripts/recall-eval} asks of the jar: conversations of dated
 * sessions in both languages, enough questions of each kind and language, every evidence a turn of its conversation;
 * and both layouts, whose every answer is a file written.
 */
class RecallEvalChatsTest {

    private static RecallEvalChats chats;

    @BeforeAll
    static void load() throws Exception {
        chats = RecallEvalChats.load(RecallEvalChats.DIRECTORY);
    }

    @Test
    void conversationsOfDatedSessions_inEnglishChineseAndBoth() {
        assertThat(chats.conversations()).extracting(Conversation::language).contains("en", "zh", "mixed");
        for (Conversation conversation : chats.conversations()) {
            assertThat(conversation.sessions()).as(conversation.id()).hasSizeGreaterThanOrEqualTo(10);
            List<String> dates = conversation.sessions().stream().map(Session::date).toList();
            assertThat(dates).as(conversation.id() + ": dates in order").isSorted();
            assertThat(conversation.sessions()).allSatisfy(session -> assertThat(session.turns()).hasSizeBetween(10, 30));
        }
    }

    @Test
    void enoughQuestionsOfEachKindAndLanguage_eachAnsweredByTurnsOfItsConversation() {
        assertThat(chats.questions()).hasSizeGreaterThanOrEqualTo(300);
        for (Kind kind : List.of(Kind.WHO, Kind.WHAT, Kind.WHEN, Kind.WHERE)) {
            assertThat(chats.questions()).filteredOn(question -> question.kind() == kind).as(kind.label())
                    .hasSizeGreaterThanOrEqualTo(40);
        }
        for (Language language : Language.values()) {
            assertThat(chats.questions()).filteredOn(question -> question.language() == language)
                    .as(language.label()).hasSizeGreaterThanOrEqualTo(140);
        }
        Set<String> texts = new HashSet<>();
        for (ChatQuestion question : chats.questions()) {
            assertThat(texts.add(question.question())).as("asked once: " + question.question()).isTrue();
            Set<String> turns = new HashSet<>();
            chats.conversations().stream().filter(conversation -> conversation.id().equals(question.conversation()))
                    .flatMap(conversation -> conversation.sessions().stream())
                    .forEach(session -> session.turns().forEach(turn -> turns.add(turn.id())));
            assertThat(question.evidence()).as(question.id()).isNotEmpty().allMatch(turns::contains);
        }
    }

    @Test
    void eachLayoutWritesTheFilesItsAnswersName(@TempDir Path temp) throws Exception {
        Conversation first = chats.conversations().get(0);
        int turns = first.sessions().stream().mapToInt(session -> session.turns().size()).sum();
        for (Layout layout : Layout.values()) {
            Path root = temp.resolve(layout.label());
            RecallEvalSet set = chats.write(first, layout, root);
            try (var files = Files.walk(root)) {
                assertThat(files.filter(Files::isRegularFile).count()).as(layout.label())
                        .isEqualTo(layout == Layout.SESSIONS ? first.sessions().size() : turns);
            }
            assertThat(set.questions()).isNotEmpty().allSatisfy(question -> assertThat(question.answers())
                    .allMatch(answer -> Files.isRegularFile(root.resolve(answer))));
        }
        Session session = first.sessions().get(0);
        Turn turn = session.turns().get(0);
        assertThat(Files.readString(temp.resolve("turns").resolve(session.date() + "-s01/t01.md")))
                .contains("name: " + turn.speaker() + ", " + session.date()).endsWith(turn.speaker() + ": "
                        + turn.text() + "\n");
    }
}
