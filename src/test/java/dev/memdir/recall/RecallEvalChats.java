package dev.memdir.recall;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.recall.RecallEvalSet.Kind;
import dev.memdir.recall.RecallEvalSet.Language;
import dev.memdir.recall.RecallEvalSet.Question;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The second recall evaluation set, {@code src/bench/recall-eval-chats}: dated multi-session chat logs, each
 * conversation a memory of its own, written as memory files one of two ways (a file per session, or a file per
 * turn), and questions about who, what, when and where, each with the turns that hold its answer.
 */
public final class RecallEvalChats {

    public static final Path DIRECTORY = Path.of("src", "bench", "recall-eval-chats");

    /** How a conversation becomes memory files. */
    public enum Layout {
        /** One file a session, every turn in it. */
        SESSIONS,
        /** One file a turn. */
        TURNS;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public record Turn(String id, String speaker, String text) {}

    public record Session(String id, String date, List<Turn> turns) {}

    public record Conversation(String id, String language, List<String> speakers, List<Session> sessions) {}

    /** A question and the ids of the turns that hold its answer. */
    public record ChatQuestion(String id, String conversation, Language language, Kind kind, String question,
            List<String> evidence) {}

    private final List<Conversation> conversations;
    private final List<ChatQuestion> questions;

    private RecallEvalChats(List<Conversation> conversations, List<ChatQuestion> questions) {
        this.conversations = conversations;
        this.questions = questions;
    }

    public static RecallEvalChats load(Path directory) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Conversation> conversations = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory.resolve("conversations"))) {
            for (Path file : files.sorted().toList()) {
                conversations.add(json.readValue(file.toFile(), Conversation.class));
            }
        }
        List<ChatQuestion> questions = json.readValue(directory.resolve("questions.json").toFile(),
                new TypeReference<List<ChatQuestion>>() {});
        return new RecallEvalChats(List.copyOf(conversations), List.copyOf(questions));
    }

    public List<Conversation> conversations() {
        return conversations;
    }

    public List<ChatQuestion> questions() {
        return questions;
    }

    /**
     * Writes {@code conversation} below {@code root} as {@code layout} says and returns it as a recall evaluation
     * set: its questions, each answered by the files that hold its evidence.
     */
    public RecallEvalSet write(Conversation conversation, Layout layout, Path root) throws IOException {
        Map<String, String> fileOfTurn = new HashMap<>();
        for (Session session : conversation.sessions()) {
            String stem = session.date() + "-" + session.id().substring(session.id().indexOf("-s") + 1);
            if (layout == Layout.SESSIONS) {
                String file = stem + ".md";
                write(root.resolve(file), sessionText(conversation, session));
                session.turns().forEach(turn -> fileOfTurn.put(turn.id(), file));
            } else {
                for (Turn turn : session.turns()) {
                    String file = stem + "/" + turn.id().substring(turn.id().lastIndexOf("-t") + 1) + ".md";
                    write(root.resolve(file), turnText(session, turn));
                    fileOfTurn.put(turn.id(), file);
                }
            }
        }
        List<Question> asked = questions.stream().filter(q -> q.conversation().equals(conversation.id()))
                .map(q -> new Question(q.id(), q.language(), q.kind(), q.question(),
                        answers(q.evidence(), fileOfTurn::get)))
                .toList();
        return new RecallEvalSet(root, asked);
    }

    private static List<String> answers(List<String> evidence, Function<String, String> file) {
        Set<String> files = new LinkedHashSet<>();
        evidence.forEach(turn -> files.add(file.apply(turn)));
        return List.copyOf(files);
    }

    private static String sessionText(Conversation conversation, Session session) {
        String day = day(session.date());
        return "---\nname: " + String.join(" and ", conversation.speakers()) + ", " + session.date()
                + "\ndescription: our chat of " + day + "\n---\n" + session.turns().stream()
                        .map(turn -> turn.speaker() + ": " + turn.text()).collect(Collectors.joining("\n")) + "\n";
    }

    private static String turnText(Session session, Turn turn) {
        return "---\nname: " + turn.speaker() + ", " + session.date() + "\ndescription: what " + turn.speaker()
                + " said on " + day(session.date()) + "\n---\n" + turn.speaker() + ": " + turn.text() + "\n";
    }

    /** {@code 2026-02-03} as {@code Tuesday 3 February 2026}. */
    private static String day(String isoDate) {
        LocalDate date = LocalDate.parse(isoDate);
        return date.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH) + " " + date.getDayOfMonth() + " "
                + date.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH) + " " + date.getYear();
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
