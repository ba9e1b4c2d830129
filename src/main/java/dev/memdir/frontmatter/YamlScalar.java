package dev.memdir.frontmatter;

import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.ScalarNode;

/** Writes a string as a YAML scalar: plain when it reads back as itself and not as null, else double-quoted. */
final class YamlScalar {

    private YamlScalar() {}

    static String render(String value) {
        return readsBackPlain(value) ? value : quoted(value);
    }

    private static boolean readsBackPlain(String value) {
        try {
            return ParsedYaml.compose("k: " + value) instanceof MappingNode mapping
                    && mapping.getValue().size() == 1
                    && mapping.getValue().get(0).getValueNode() instanceof ScalarNode scalar
                    && scalar.getScalarStyle() == ScalarStyle.PLAIN
                    && !ParsedYaml.isNull(scalar)
                    && scalar.getValue().equals(value);
        } catch (YAMLException e) {
            return false;
        }
    }

    private static String quoted(String value) {
        StringBuilder out = new StringBuilder("\"");
        value.codePoints().forEach(c -> {
            if (c == '"' || c == '\\') {
                out.append('\\').appendCodePoint(c);
            } else if (Character.isISOControl(c) || c == 0x2028 || c == 0x2029 || c == 0xFEFF) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.append('"').toString();
    }
}
