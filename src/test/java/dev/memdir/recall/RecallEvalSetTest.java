package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.frontmatter.FrontmatterFields;
import dev.memdir.recall.RecallEvalSet.Kind;
import dev.memdir.recall.RecallEvalSet.Language;
import dev.memdir.recall.RecallEvalSet.Question;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shape of the recall evaluation set that {@code scripts/recall-eval} asks of the jar: enough questions of each
 * language and kind, every answer a memory file with a name and a description, no question twice, and each
 * different-words question sharing no content word with its answer (else keywords alone could find it).
 */
class RecallEvalSetTest {

    private static final Map<Language, Integer> LEAST_PER_LANGUAGE = Map.of(Language.EN, 140, Language.ZH, 140);
    private static final Map<Kind, Integer> LEAST_PER_KIND = Map.of(Kind.LITERAL, 60, Kind.PARAPHRASE, 60,
            Kind.DIFFERENT_WORDS, 60, Kind.CROSS_LANGUAGE, 30);
    /** English words that carry no topic: a different-words question may share these with its answer. */
    private static final Set<String> STOP_WORDS = Set.of(("the and but for with from are was were been being does did"
            + " done have has had having our you your him his her they them their its this that these those what which"
            + " who whom whose when where why how not yes than then there here any some all each every about into over"
            + " under again once can could should would will shall may might must just also still yet ever very too"
            + " more most much many few less least get got make made take took say said one two last next before after"
            + " during while out off know anything something thing things someone anyone she xiao lin").split(" "));
    private static final Pattern ENGLISH_WORD = Pattern.compile("[A-Za-z0-9]{3,}");
    /** Two Chinese characters in a row that only make a question a question. */
    private static final Set<String> QUESTION_PAIRS = Set.of("什么", "时候", "怎么", "哪个", "哪些", "为什", "多少",
            "没有", "哪里", "之前", "之后", "现在", "以前");
    private static final Pattern HAN_RUN = Pattern.compile("\\p{IsHan}+");

    private static RecallEvalSet set;

    @BeforeAll
    static void load() throws IOException {
        set = RecallEvalSet.load(RecallEvalSet.DIRECTORY);
    }

    @Test
    void holdsAtLeast300Questions_about150OfEachLanguage() {
        assertThat(set.questions()).hasSizeGreaterThanOrEqualTo(300);
        LEAST_PER_LANGUAGE.forEach((language, least) -> assertThat(
                set.questions().stream().filter(question -> question.language() == language).count())
                .as("questions in " + language.label()).isGreaterThanOrEqualTo(least));
    }

    @Test
    void eachKind_hasItsLeast() {
        LEAST_PER_KIND.forEach((kind, least) -> assertThat(
                set.questions().stream().filter(question -> question.kind() == kind).count())
                .as(kind.label() + " questions").isGreaterThanOrEqualTo(least));
    }

    @Test
    void noQuestionIsAskedTwice_andEachHasAnId_ofItsOwn() {
        Set<String> texts = new HashSet<>();
        Set<String> ids = new HashSet<>();
        List<String> twice = new ArrayList<>();
        for (Question question : set.questions()) {
            if (!texts.add(question.question().toLowerCase(Locale.ROOT)) | !ids.add(question.id())) {
                twice.add(question.id() + " " + question.question());
            }
        }
        assertThat(twice).isEmpty();
    }

    @Test
    void everyAnswer_isAMemoryFileOfTheSet() {
        List<String> missing = set.questions().stream()
                .filter(question -> question.answers().isEmpty()
                        || question.answers().stream().anyMatch(answer -> !Files.isRegularFile(file(answer))))
                .map(question -> question.id() + " " + question.answers()).toList();
        assertThat(missing).isEmpty();
    }

    @Test
    void holdsAtLeast150MemoryFiles_eachWithANameAndADescription() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(set.memories())) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        List<String> unnamed = new ArrayList<>();
        for (Path file : files) {
            Map<String, Object> fields = FrontmatterFields.of(Files.readString(file));
            if (!(fields.get("name") instanceof String) || !(fields.get("description") instanceof String)) {
                unnamed.add(set.memories().relativize(file).toString());
            }
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(150);
        assertThat(unnamed).isEmpty();
    }

    @Test
    void aDifferentWordsQuestion_sharesNoContentWordWithItsAnswer() throws IOException {
        List<String> sharing = new ArrayList<>();
        for (Question question : set.questions()) {
            if (question.kind() != Kind.DIFFERENT_WORDS) {
                continue;
            }
            Set<String> shared = contentWords(question.question());
            Set<String> answerWords = new HashSet<>();
            for (String answer : question.answers()) {
                answerWords.addAll(contentWords(answer + "\n" + Files.readString(file(answer))));
            }
            shared.retainAll(answerWords);
            if (!shared.isEmpty()) {
                sharing.add(question.id() + " " + shared);
            }
        }
        assertThat(sharing).isEmpty();
    }

    @Test
    void contentWords_areEnglishWordsAndChinesePairs_butNotStopWords() {
        assertThat(contentWords("When did she start the pottery class?")).containsExactlyInAnyOrder("start", "pottery",
                "class");
        assertThat(contentWords("她什么时候开始学陶艺")).containsExactlyInAnyOrder("她什", "么时", "候开", "开始", "始学",
                "学陶", "陶艺");
    }

    private static Path file(String answer) {
        return set.memories().resolve(answer);
    }

    /** English words of three letters or more, lower-cased, and each two Chinese characters in a row. */
    private static Set<String> contentWords(String text) {
        Set<String> words = new HashSet<>();
        Matcher english = ENGLISH_WORD.matcher(text);
        while (english.find()) {
            words.add(english.group().toLowerCase(Locale.ROOT));
        }
        words.removeAll(STOP_WORDS);
        Matcher han = HAN_RUN.matcher(text);
        while (han.find()) {
            String run = han.group();
            for (int i = 0; i + 2 <= run.length(); i++) {
                words.add(run.substring(i, i + 2));
            }
        }
        words.removeAll(QUESTION_PAIRS);
        return words;
    }
}
