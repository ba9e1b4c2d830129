package dev.memdir.frontmatter;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/** The fields of a text's YAML frontmatter, for readers that only look (recall, ages). */
public final class FrontmatterFields {

    private FrontmatterFields() {}

    /** Returns the frontmatter mapping of {@code text} by key, or an empty map when there is none or it is malformed. */
    public static Map<String, Object> of(String text) {
        Optional<Frontmatter> frontmatter = Frontmatter.find(text);
        if (frontmatter.isEmpty()) {
            return Map.of();
        }
        try {
            Object loaded = new Yaml(new SafeConstructor(new LoaderOptions())).load(frontmatter.get().yaml());
            if (loaded instanceof Map<?, ?> map) {
                Map<String, Object> fields = new LinkedHashMap<>();
                map.forEach((key, value) -> fields.put(String.valueOf(key), value));
                return fields;
            }
        } catch (YAMLException malformed) {
            // A file whose frontmatter does not parse is read as having none.
        }
        return Map.of();
    }
}
