package dev.memdir;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README.md is the front door and {@code docs/} holds the rest: the door stays short, and every relative link of
 * either leads to a file of the repository (and, with a {@code #fragment}, to a heading of that file).
 */
class DocsLinksTest {

    private static final Path REPOSITORY = Path.of("").toAbsolutePath();
    /** A Markdown link or image, {@code [text](target)}; a target holds no space and no closing parenthesis. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:.*");
    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~).*");

    @Test
    void readme_isAtMost200Lines() throws IOException {
        assertThat(Files.readAllLines(REPOSITORY.resolve("README.md"))).hasSizeLessThanOrEqualTo(200);
    }

    @Test
    void everyRelativeLink_leadsToAFileOfTheRepository_andItsHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        List<String> checked = new ArrayList<>();
        for (Path page : pages()) {
            for (String target : links(page)) {
                if (SCHEME.matcher(target).matches()) {
                    continue;
                }
                checked.add(target);
                problem(page, target).ifPresent(reason -> broken.add(REPOSITORY.relativize(page) + ": " + target
                        + ": " + reason));
            }
        }

        assertThat(checked).as("relative links found").isNotEmpty();
        assertThat(broken).isEmpty();
    }

    @Test
    void aHeadingsAnchor_isGitHubsSlug() {
        assertThat(slug("Protocol revisions: 2026-07-28 and 2025-11-25"))
                .isEqualTo("protocol-revisions-2026-07-28-and-2025-11-25");
        assertThat(slug("Use it with ...")).isEqualTo("use-it-with-");
        assertThat(slug("`memdir token`: the CLI")).isEqualTo("memdir-token-the-cli");
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(REPOSITORY.resolve("README.md")));
        try (Stream<Path> docs = Files.list(REPOSITORY.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** Returns the link targets of a page, those in fenced code blocks left out. */
    private static List<String> links(Path page) throws IOException {
        List<String> targets = new ArrayList<>();
        for (String line : outsideFences(page)) {
            Matcher link = LINK.matcher(line);
            while (link.find()) {
                targets.add(link.group(1));
            }
        }
        return targets;
    }

    /** Returns the lines of a Markdown file outside its fenced code blocks, the fences left out too. */
    private static List<String> outsideFences(Path markdown) throws IOException {
        List<String> lines = new ArrayList<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(markdown)) {
            if (FENCE.matcher(line).matches()) {
                fenced = !fenced;
            } else if (!fenced) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** Returns why {@code target}, linked from {@code page}, leads nowhere; empty when it leads somewhere. */
    private static Optional<String> problem(Path page, String target) throws IOException {
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!resolved.startsWith(REPOSITORY)) {
            return Optional.of("leaves the repository");
        }
        if (!Files.exists(resolved)) {
            return Optional.of("no such file");
        }
        if (hash >= 0 && !headings(resolved).contains(target.substring(hash + 1))) {
            return Optional.of("no such heading in " + REPOSITORY.relativize(resolved));
        }
        return Optional.empty();
    }

    /** Returns the anchors of a Markdown file's headings, as GitHub makes them. */
    private static List<String> headings(Path markdown) throws IOException {
        List<String> anchors = new ArrayList<>();
        for (String line : outsideFences(markdown)) {
            if (line.startsWith("#")) {
                anchors.add(slug(line.replaceFirst("^#+\\s*", "")));
            }
        }
        return anchors;
    }

    /** GitHub's anchor of a heading: lower case, punctuation but {@code -} and {@code _} dropped, spaces {@code -}. */
    private static String slug(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }
}
