package dev.memdir.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/** The optional YAML settings file: a flat mapping of setting keys to scalar values. */
final class ConfigFile {

    private ConfigFile() {}

    /** Returns the file's settings as strings; a missing file is empty unless it was asked for explicitly. */
    static Map<String, String> read(Path file, boolean explicit) throws ConfigException {
        if (!Files.exists(file)) {
            if (explicit) {
                throw new ConfigException("config file " + file + " does not exist");
            }
            return Map.of();
        }
        Object document;
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            document = new Yaml(new SafeConstructor(new LoaderOptions())).load(reader);
        } catch (IOException e) {
            throw new ConfigException("cannot read config file " + file + ": " + e.getMessage());
        } catch (YAMLException e) {
            throw new ConfigException("config file " + file + " is not valid YAML: "
                    + e.getMessage().replace('\n', ' '));
        }
        if (document == null) {
            return Map.of();
        }
        if (!(document instanceof Map<?, ?> mapping)) {
            throw new ConfigException("config file " + file + " must be a mapping of settings, like 'root: ~/notes'");
        }
        Set<String> knownKeys = fileKeys();
        Map<String, String> settings = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : mapping.entrySet()) {
            String key = String.valueOf(entry.getKey());
            if (!knownKeys.contains(key)) {
                throw new ConfigException("config file " + file + " has an unknown setting '" + key + "'; known: "
                        + String.join(", ", knownKeys));
            }
            if (entry.getValue() instanceof Map || entry.getValue() instanceof Iterable) {
                throw new ConfigException("'" + key + "' in " + file + " must be a single value");
            }
            if (entry.getValue() != null) {
                settings.put(key, String.valueOf(entry.getValue()));
            }
        }
        return settings;
    }

    /** Returns the keys the file may hold, sorted. */
    private static Set<String> fileKeys() {
        Set<String> keys = new TreeSet<>();
        for (Setting setting : Setting.values()) {
            if (setting.inFile()) {
                keys.add(setting.key());
            }
        }
        return keys;
    }
}
