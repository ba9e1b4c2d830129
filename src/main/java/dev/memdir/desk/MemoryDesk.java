package dev.memdir.desk;

import dev.memdir.index.IndexBudget;
import dev.memdir.index.LoadedIndex;
import dev.memdir.memory.CommandOutput;
import dev.memdir.memory.MemoryAges;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.RevisionConflict;
import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.ListedEntry;
import dev.memdir.memory.store.ListedFile;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.recall.Recall;
import dev.memdir.recall.RecallAnswer;
import java.io.Closeable;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One memory as a person works on it. Every change goes through the {@link MemoryTool}, so it takes the same lock,
 * keeps the same history and meets the same limits as an agent's; what a page shows is read in one unit of work.
 */
public final class MemoryDesk implements Closeable {

    /** Entries of a directory shown on one page. */
    public static final int ENTRIES_PER_PAGE = 500;
    /** Versions of a file shown on one page of its history. */
    public static final int VERSIONS_PER_PAGE = 50;
    /** Matches a search shows. */
    public static final int MATCHES = 20;

    private final MemoryStore store;
    private final MemoryTool tool;
    private final Recall recall;
    private final IndexBudget budget;
    private final Duration staleAfter;
    private final boolean readOnly;
    private final Clock clock;
    private final ListingCache tree = new ListingCache();
    private final Closeable listening;

    /**
     * A desk over {@code store}, changed through {@code tool} and searched by {@code recall}; the caller keeps
     * owning all three. {@code readOnly} is whether {@code tool} refuses every change.
     */
    public MemoryDesk(MemoryStore store, MemoryTool tool, Recall recall, IndexBudget budget, Duration staleAfter,
            boolean readOnly, Clock clock) throws IOException {
        this.store = store;
        this.tool = tool;
        this.recall = recall;
        this.budget = budget;
        this.staleAfter = staleAfter;
        this.readOnly = readOnly;
        this.clock = clock;
        // Heard changes are counted only while someone listens: the desk listens so long as it is open.
        this.listening = store.changes().listen(changed -> { });
    }

    public boolean readOnly() {
        return readOnly;
    }

    /**
     * Returns how many changes the store's feed has counted, made through it or elsewhere (an agent, another
     * process): a page that saw fewer is out of date.
     */
    public long changes() {
        return store.changes().count();
    }

    /**
     * Returns the entries of {@code directory} from {@code offset}, at most {@link #ENTRIES_PER_PAGE}; an offset past
     * the last entry shows the last page.
     */
    public DirectoryPage directory(MemoryPath directory, int offset) throws IOException, CommandException {
        return store.read(files -> {
            if (!files.entry(directory).isDirectory()) {
                throw new CommandException(files.entry(directory).exists()
                        ? Messages.notADirectory(directory.display())
                        : Messages.notFound(directory.display()));
            }
            List<ListedEntry> children = tree.children(files, directory, changes());
            int from = Math.max(0, offset);
            if (from >= children.size()) {
                from = Math.max(0, children.size() - 1) / ENTRIES_PER_PAGE * ENTRIES_PER_PAGE;
            }
            List<ListedEntry> shown = children.subList(from, Math.min(children.size(), from + ENTRIES_PER_PAGE));
            Map<String, ListedFile> listed = shown.stream().allMatch(ListedEntry::directory) ? Map.of()
                    : tree.listed(files, changes());
            List<DeskEntry> entries = new ArrayList<>();
            for (ListedEntry entry : shown) {
                entries.add(entry(files, entry, Optional.ofNullable(listed.get(entry.path()))));
            }
            return new DirectoryPage(directory, entries, from, children.size());
        });
    }

    private DeskEntry entry(MemoryFiles files, ListedEntry entry, Optional<ListedFile> listed) throws IOException {
        String name = entry.path().substring(entry.path().lastIndexOf('/') + 1);
        if (entry.directory() || listed.isEmpty()) {
            return new DeskEntry(name, entry.path(), entry.directory(), entry.size(), Optional.empty(), false);
        }
        Instant modified = tree.modified(files, listed.get());
        return new DeskEntry(name, entry.path(), false, entry.size(), Optional.of(modified),
                Duration.between(modified, clock.instant()).compareTo(staleAfter) > 0);
    }

    /**
     * Lists the memory and its root folder on a background thread, so that the first page a person opens finds
     * them listed (on a memory of 10,000 files that is most of a first page's time); a failure is left to that
     * page to meet.
     */
    public void warm() {
        Thread warming = new Thread(() -> {
            try {
                directory(MemoryPath.of(List.of()), 0);
                store.readPlainly(files -> tree.listed(files, changes()));
            } catch (IOException | CommandException | RuntimeException e) {
                // The first page lists what it needs itself, and says what fails.
            }
        }, "memdir-desk-warm");
        warming.setDaemon(true);
        warming.start();
    }

    /** Returns the file at {@code path} as it is now. */
    public OpenedFile file(MemoryPath path) throws IOException, CommandException {
        return store.read(files -> opened(files, path));
    }

    private static OpenedFile opened(MemoryFiles files, MemoryPath path) throws IOException, CommandException {
        if (!files.entry(path).isFile()) {
            throw new CommandException(files.entry(path).exists()
                    ? Messages.notAFile(path.display())
                    : Messages.notFound(path.display()));
        }
        return OpenedFile.of(path, files.read(path));
    }

    /**
     * Writes {@code text}, with the file's own line ends, over {@code path} if it still holds what was opened
     * ({@code base}, its SHA-256), in one unit of work; returns the tool's answer.
     *
     * @throws EditConflict when the file changed since: nothing was written, and the conflict holds the file now
     */
    public String save(MemoryPath path, String base, String text) throws CommandException, EditConflict {
        try {
            return answer(tool.revise(path, base, text));
        } catch (RevisionConflict conflict) {
            throw new EditConflict(conflict.text(), OpenedFile.of(path, conflict.now()), conflict.yours());
        }
    }

    public String create(MemoryPath path, String text) throws CommandException {
        return answer(tool.create(path, text));
    }

    public String rename(MemoryPath from, MemoryPath to) throws CommandException {
        return answer(tool.rename(from, to));
    }

    public String delete(MemoryPath path) throws CommandException {
        return answer(tool.delete(path));
    }

    public String restore(MemoryPath path, int version) throws CommandException {
        return answer(tool.restore(path, Optional.of(version)));
    }

    public String redact(MemoryPath path, int version) throws CommandException {
        return answer(tool.redact(path, version));
    }

    private static String answer(CommandOutput output) {
        return ((CommandOutput.Text) output).text();
    }

    /** Returns page {@code page} (from 0) of the history of {@code path}, newest first. */
    public HistoryPage history(MemoryPath path, int page) throws IOException, CommandException {
        return store.read(files -> HistoryPages.read(files, path, page));
    }

    /** Returns the lines that differ from {@code before} to {@code after}, bounded as a history's diffs are. */
    public List<DiffLine> diff(String before, String after) {
        return LineDiff.between(before, after);
    }

    /**
     * Returns the files the memory no longer holds whose history it keeps, most recently gone first, at most
     * {@link #ENTRIES_PER_PAGE}: where a deleted file is found again, to restore it.
     */
    public List<GoneFile> gone() throws IOException {
        return store.readPlainly(files -> {
            Set<MemoryPath> present = new HashSet<>(files.allFiles());
            List<GoneFile> gone = new ArrayList<>();
            for (MemoryPath path : files.historyPaths()) {
                if (!present.contains(path) && path.segments().stream().allMatch(MemoryNames::listed)) {
                    List<FileVersion> versions = files.versions(path);
                    if (!versions.isEmpty()) {
                        gone.add(new GoneFile(path, versions.get(0)));
                    }
                }
            }
            gone.sort(Comparator.comparing((GoneFile file) -> file.last().time()).reversed()
                    .thenComparing(file -> file.path().display()));
            return List.copyOf(gone.subList(0, Math.min(gone.size(), ENTRIES_PER_PAGE)));
        });
    }

    /** Returns {@code MEMORY.md} as it loads, against its budget. */
    public IndexGauge index() throws IOException {
        Optional<String> text = store.readText(MemoryTool.INDEX);
        return new IndexGauge(text.isPresent(), LoadedIndex.load(text.orElse(""), budget).measure());
    }

    /** Returns the files that best match {@code query}, best first, and how they were ranked. */
    public RecallAnswer search(String query) throws IOException {
        return recall.answer(query, MATCHES);
    }

    /** Returns the files a prune would archive, oldest first. */
    public List<MemoryAges.Age> stale() throws IOException {
        return MemoryAges.prunable(store, clock.instant(), staleAfter);
    }

    /** Archives the stale files among {@code paths}; returns the tool's answer for each, refusals included. */
    public List<String> prune(List<String> paths) throws IOException {
        List<String> stale = stale().stream().map(MemoryAges.Age::path).toList();
        List<String> answers = new ArrayList<>();
        for (String path : paths) {
            if (!stale.contains(path)) {
                continue;
            }
            try {
                answers.add(answer(tool.archive(path)));
            } catch (CommandException refused) {
                answers.add(refused.text());
            }
        }
        return answers;
    }

    @Override
    public void close() throws IOException {
        listening.close();
    }
}
