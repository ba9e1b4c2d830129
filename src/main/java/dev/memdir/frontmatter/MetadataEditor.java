package dev.memdir.frontmatter;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/** Sets keys under {@code metadata} (or at the top level in the older flat form) by editing the YAML's text. */
final class MetadataEditor {

    /** A key to set; an existing value is replaced only when {@code replace} is true or the value is null. */
    record Field(String key, String value, boolean replace) {}

    private static final String BLANKS = " \t";

    private final ParsedYaml yaml;
    private final String newline;
    private final TextEdits edits = new TextEdits();

    private MetadataEditor(ParsedYaml yaml, String newline) {
        this.yaml = yaml;
        this.newline = newline;
    }

    /** Returns the YAML text with the fields set, checked by reading it back. */
    static String apply(ParsedYaml yaml, String newline, List<Field> fields) throws StampProblem {
        String edited = new MetadataEditor(yaml, newline).edit(fields);
        if (!readsBack(edited, fields)) {
            throw new StampProblem("frontmatter could not be stamped safely");
        }
        return edited;
    }

    private String edit(List<Field> fields) throws StampProblem {
        Optional<MappingNode> root = yaml.rootMapping();
        if (root.isEmpty()) {
            appendMetadata(0, fields);
        } else {
            Optional<NodeTuple> metadata = ParsedYaml.entry(root.get(), "metadata");
            if (metadata.isPresent()) {
                editMetadata(metadata.get(), fields);
            } else if (ParsedYaml.entry(root.get(), "modified").isPresent()
                    || ParsedYaml.entry(root.get(), "type").isPresent()) {
                set(root.get(), "", fields);
            } else {
                appendMetadata(root.get().getValue().get(0).getKeyNode().getStartMark().getColumn(), fields);
            }
        }
        return edits.applyTo(yaml.text());
    }

    private void editMetadata(NodeTuple metadata, List<Field> fields) throws StampProblem {
        Node value = metadata.getValueNode();
        if (ParsedYaml.isBlockMapping(value)) {
            set((MappingNode) value, "metadata.", fields);
        } else if (ParsedYaml.isNull(value)) {
            // "metadata:", "metadata: ~" or "metadata: null": drop the null, the fields go below as children.
            int start = yaml.start(value);
            int end = yaml.end(value);
            int lineEnd = yaml.lineEnd(end);
            if (start < end && yaml.runStart(lineEnd, BLANKS) <= end) {
                edits.replace(yaml.runStart(start, BLANKS), lineEnd, "");
            } else {
                edits.replace(start, end, "");
            }
            int column = metadata.getKeyNode().getStartMark().getColumn() + 2;
            edits.insert(yaml.nextLineStart(end), lines(column, fields));
        } else {
            throw new StampProblem("frontmatter metadata is not a block mapping");
        }
    }

    /** Replaces the fields' values in mapping, and adds the missing ones after its last entry. */
    private void set(MappingNode mapping, String path, List<Field> fields) throws StampProblem {
        List<Field> missing = new ArrayList<>();
        for (Field field : fields) {
            Optional<Node> value = ParsedYaml.value(mapping, field.key());
            if (value.isEmpty()) {
                missing.add(field);
            } else if (field.replace() || ParsedYaml.isNull(value.get())) {
                if (!(value.get() instanceof ScalarNode scalar)) {
                    throw new StampProblem("frontmatter " + path + field.key() + " is not a single value");
                }
                replace(scalar, field.value());
            }
        }
        if (!missing.isEmpty()) {
            List<NodeTuple> entries = mapping.getValue();
            int after = yaml.nextLineStart(yaml.end(entries.get(entries.size() - 1).getValueNode()));
            edits.insert(after, lines(entries.get(0).getKeyNode().getStartMark().getColumn(), missing));
        }
    }

    /** Replaces a scalar, quotes and all, keeping the line breaks a block scalar ends with. */
    private void replace(ScalarNode scalar, String value) {
        int start = yaml.start(scalar);
        int end = Math.max(start, yaml.runStart(yaml.end(scalar), BLANKS + "\r\n"));
        // An empty value's position is right after the colon, which needs a space before a value.
        edits.replace(start, end, (start == end ? " " : "") + YamlScalar.render(value));
    }

    private void appendMetadata(int column, List<Field> fields) {
        edits.insert(yaml.text().length(), " ".repeat(column) + "metadata:" + newline + lines(column + 2, fields));
    }

    private String lines(int column, List<Field> fields) {
        StringBuilder out = new StringBuilder();
        for (Field field : fields) {
            out.append(" ".repeat(column)).append(field.key()).append(": ").append(YamlScalar.render(field.value()))
                    .append(newline);
        }
        return out.toString();
    }

    /** Returns whether the edited YAML parses and holds every field as intended. */
    private static boolean readsBack(String edited, List<Field> fields) {
        try {
            Optional<MappingNode> root = ParsedYaml.parse(edited).rootMapping();
            Optional<Node> target = root.map(r -> ParsedYaml.value(r, "metadata").orElse(r));
            return target.filter(MappingNode.class::isInstance).map(MappingNode.class::cast)
                    .filter(mapping -> fields.stream().allMatch(field -> holds(mapping, field)))
                    .isPresent();
        } catch (StampProblem e) {
            return false;
        }
    }

    private static boolean holds(MappingNode mapping, Field field) {
        Optional<Node> value = ParsedYaml.value(mapping, field.key());
        return field.replace()
                ? value.filter(v -> v instanceof ScalarNode s && s.getValue().equals(field.value())).isPresent()
                : value.filter(v -> !ParsedYaml.isNull(v)).isPresent();
    }
}
