package dev.memdir.context;

import dev.memdir.frontmatter.Frontmatter;
import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.Sha256;
import dev.memdir.recall.Excerpt;
import dev.memdir.recall.Recall;
import dev.memdir.recall.RecallEvidence;
import dev.memdir.recall.Relevance;
import dev.memdir.recall.ScopedFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What memories reach a model's context unasked, and when: before a prompt, the few that bear on it; when a file is
 * touched, those whose {@code paths:} match it; around a summary of the context, what the session had been given.
 * Each memory comes once per session (again once it changed, or after a summary), all of it within the byte budget;
 * and when the client tells how full the context is, a reminder to record progress comes before the summary does.
 */
public final class MemoryContext {

    /** The most memories one prompt brings. */
    static final int MOST_FOR_PROMPT = 3;
    /** A file's body up to this many bytes is given whole; a longer one by the passage that bears on the prompt. */
    static final int WHOLE_BYTES = 600;
    /** Only the start of a prompt is asked of recall: a pasted log costs no more than a question. */
    static final int PROMPT_CHARS = 2000;

    private final MemoryStore store;
    private final Recall recall;
    private final ContextBudget budget;
    private final long remindEveryTokens;
    private final SessionLedger ledger = new SessionLedger();
    private final PathScopes scopes = new PathScopes();

    /**
     * {@code budgetBytes} is the most a call adds to the context; {@code remindEveryTokens} how many tokens of
     * context a session may grow by between two reminders to record its progress (0: never).
     */
    public MemoryContext(MemoryStore store, Recall recall, int budgetBytes, long remindEveryTokens) {
        this.store = store;
        this.recall = recall;
        this.budget = new ContextBudget(budgetBytes);
        this.remindEveryTokens = remindEveryTokens;
    }

    /** Returns what a prompt brings to {@code session}'s context, if anything. */
    public Optional<String> forPrompt(String session, String prompt, OptionalLong contextTokens) throws IOException {
        String query = prompt.length() > PROMPT_CHARS ? prompt.substring(0, PROMPT_CHARS) : prompt;
        List<Offer> offers = new ArrayList<>();
        if (!query.isBlank()) {
            for (RecallEvidence evidence : recall.evidence(query, MOST_FOR_PROMPT)) {
                if (Relevance.bears(evidence)) {
                    offer(session, evidence.match().path(), evidence.match().description(), evidence.passage(), query)
                            .ifPresent(offers::add);
                }
            }
        }
        return give(session, ContextTexts.promptHeader(), offers, contextTokens);
    }

    /**
     * Returns what touching {@code file} (an absolute path) brings to {@code session}'s context: the memories whose
     * {@code paths:} match it relative to any of {@code projects}, the directories it may belong to.
     */
    public Optional<String> forFile(String session, String file, List<String> projects, OptionalLong contextTokens)
            throws IOException {
        List<String> relative = ProjectFile.relativeTo(file, projects);
        List<Offer> offers = new ArrayList<>();
        if (!relative.isEmpty()) {
            for (ScopedFile scoped : scopes.matching(recall.scopedFiles(), relative)) {
                offer(session, scoped.path(), scoped.description(), OptionalInt.empty(), "").ifPresent(offers::add);
            }
        }
        return give(session, ContextTexts.fileHeader(relative.isEmpty() ? file : relative.get(0)), offers,
                contextTokens);
    }

    /** Returns what memdir asks of the summary of {@code session}'s context, which is about to be made. */
    public String beforeSummary(String session) {
        return ContextTexts.beforeSummary(ledger.compacting(session));
    }

    /** Returns what {@code session}'s context gets right after its summary: a reminder, and what it had been given. */
    public String afterSummary(String session) throws IOException {
        List<Given> before = ledger.compacted(session);
        List<Offer> offers = new ArrayList<>();
        for (Given given : before) {
            current(given.path()).map(text -> whole(given.path(), given.description(), text)).ifPresent(offers::add);
        }
        ContextBudget.Packed packed = budget.pack(ContextTexts.afterSummaryHeader(!before.isEmpty()), offers);
        packed.given().forEach(offer -> ledger.give(session, offer.given()));
        List<Given> byPath = before.stream()
                .filter(given -> packed.given().stream().noneMatch(offer -> offer.path().equals(given.path())))
                .toList();
        return byPath.isEmpty() ? packed.text() : budget.withLine(packed.text(), ContextTexts.alsoGiven(byPath));
    }

    private Optional<String> give(String session, String header, List<Offer> offers, OptionalLong contextTokens) {
        Optional<String> reminder = contextTokens.isPresent() && remindEveryTokens > 0
                && ledger.crossed(session, contextTokens.getAsLong(), remindEveryTokens)
                ? Optional.of(ContextTexts.progressReminder(contextTokens.getAsLong())) : Optional.empty();
        int room = budget.bytes() - reminder.map(text -> ContextBudget.size(text) + 2).orElse(0);
        ContextBudget.Packed packed = new ContextBudget(room).pack(header, offers);
        packed.given().forEach(offer -> ledger.give(session, offer.given()));
        if (packed.isEmpty()) {
            return reminder;
        }
        return Optional.of(reminder.map(text -> packed.text() + "\n\n" + text).orElse(packed.text()));
    }

    /** The offer of the memory at {@code path} as it is now, unless it is gone or the session has it already. */
    private Optional<Offer> offer(String session, String path, String description, OptionalInt passage, String query)
            throws IOException {
        Optional<String> text = current(path);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        Offer whole = whole(path, description, text.get());
        if (ledger.wasGiven(session, path, whole.sha256())) {
            return Optional.empty();
        }
        if (query.isEmpty() || ContextBudget.size(whole.text()) <= WHOLE_BYTES) {
            return Optional.of(whole);
        }
        String relative = path.substring(MemoryPath.ROOT.length() + 1);
        return Optional.of(new Offer(path, description, whole.sha256(),
                Excerpt.of(relative, text.get(), passage, query), false));
    }

    private static Offer whole(String path, String description, String text) {
        return new Offer(path, description, Sha256.hex(text.getBytes(StandardCharsets.UTF_8)),
                Frontmatter.strip(text).strip(), true);
    }

    private Optional<String> current(String path) throws IOException {
        try {
            return store.readText(MemoryPathParser.parse(path));
        } catch (InvalidMemoryPathException notAMemoryPath) {
            return Optional.empty();
        }
    }
}
