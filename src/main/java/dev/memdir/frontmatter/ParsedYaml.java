package dev.memdir.frontmatter;

import java.io.StringReader;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/** A frontmatter's YAML composed into nodes, with the nodes' positions as indexes into its text. */
final class ParsedYaml {

    private final String text;
    private final Node root;

    private ParsedYaml(String text, Node root) {
        this.text = text;
        this.root = root;
    }

    static ParsedYaml parse(String text) throws StampProblem {
        try {
            return new ParsedYaml(text, compose(text));
        } catch (MarkedYAMLException e) {
            // Mark lines count from 0 in the YAML, which starts on the file's second line.
            throw new StampProblem("frontmatter is not valid YAML: " + e.getProblem()
                    + " (line " + (e.getProblemMark().getLine() + 2) + ")");
        } catch (YAMLException e) {
            throw new StampProblem("frontmatter is not valid YAML: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** Returns the node tree of YAML text, or null when it holds no document. */
    static Node compose(String text) {
        return new Yaml(new SafeConstructor(new LoaderOptions())).compose(new StringReader(text));
    }

    String text() {
        return text;
    }

    /** Returns the root mapping, or empty when the YAML holds no document (nothing or only comments). */
    Optional<MappingNode> rootMapping() throws StampProblem {
        if (root == null) {
            return Optional.empty();
        }
        if (!(root instanceof MappingNode mapping)) {
            throw new StampProblem("frontmatter is not a mapping");
        }
        if (!isBlockMapping(mapping)) {
            throw new StampProblem("frontmatter is not a block mapping");
        }
        return Optional.of(mapping);
    }

    /** Returns the last entry under key, the one a YAML loader keeps when a key repeats. */
    static Optional<NodeTuple> entry(MappingNode mapping, String key) {
        List<NodeTuple> entries = mapping.getValue();
        for (int i = entries.size() - 1; i >= 0; i--) {
            if (entries.get(i).getKeyNode() instanceof ScalarNode scalar && scalar.getValue().equals(key)) {
                return Optional.of(entries.get(i));
            }
        }
        return Optional.empty();
    }

    static Optional<Node> value(MappingNode mapping, String key) {
        return entry(mapping, key).map(NodeTuple::getValueNode);
    }

    static boolean isNull(Node node) {
        return node instanceof ScalarNode && node.getTag().equals(Tag.NULL);
    }

    static boolean isBlockMapping(Node node) {
        return node instanceof MappingNode mapping && mapping.getFlowStyle() == FlowStyle.BLOCK;
    }

    /** Returns the index in the text of a mark, whose own index counts code points. */
    int offset(Mark mark) {
        return text.offsetByCodePoints(0, mark.getIndex());
    }

    int start(Node node) {
        return offset(node.getStartMark());
    }

    /**
     * Returns where the node's own text ends: a block collection's end mark lies at the next token, past any comments
     * after it, so the end is that of its last value.
     */
    int end(Node node) {
        if (node instanceof MappingNode mapping && isBlockMapping(mapping)) {
            return end(mapping.getValue().get(mapping.getValue().size() - 1).getValueNode());
        }
        if (node instanceof SequenceNode sequence && sequence.getFlowStyle() == FlowStyle.BLOCK) {
            return end(sequence.getValue().get(sequence.getValue().size() - 1));
        }
        return offset(node.getEndMark());
    }

    /** Returns the start of the line after the text ending at index (index itself when a line ends just before it). */
    int nextLineStart(int index) {
        if (index > 0 && text.charAt(index - 1) == '\n') {
            return index;
        }
        int newline = text.indexOf('\n', index);
        return newline < 0 ? text.length() : newline + 1;
    }

    /** Returns where the run of characters from chars that ends at index starts. */
    int runStart(int index, String chars) {
        int start = index;
        while (start > 0 && chars.indexOf(text.charAt(start - 1)) >= 0) {
            start--;
        }
        return start;
    }

    /** Returns the index where the line holding index ends, before its line ending. */
    int lineEnd(int index) {
        int newline = text.indexOf('\n', index);
        if (newline < 0) {
            return text.length();
        }
        return newline > 0 && text.charAt(newline - 1) == '\r' ? newline - 1 : newline;
    }
}
