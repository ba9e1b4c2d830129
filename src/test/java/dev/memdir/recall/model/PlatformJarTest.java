package dev.memdir.recall.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code -Dmemdir.platform=P} builds a jar with the native libraries of one platform only: each profile of pom.xml must
 * name directories that ONNX Runtime's and DJL's jars (the versions this build takes) really hold, or the jar it
 * builds could not rank by meaning.
 */
class PlatformJarTest {

    private record Natives(String onnxRuntime, String tokenizers) {}

    @Test
    void everyPlatformProfileNamesNativeLibrariesTheDependenciesHold() throws Exception {
        Map<String, Natives> platforms = platforms();

        assertThat(platforms).containsOnlyKeys("linux-x64", "linux-aarch64", "osx-x64", "osx-aarch64", "win-x64");
        platforms.forEach((platform, natives) -> {
            assertThat(resource("ai/onnxruntime/native/" + natives.onnxRuntime() + "/")).as(platform + ": ONNX Runtime")
                    .isTrue();
            boolean tokenizer = resource("native/lib/" + natives.tokenizers() + "/cpu/");
            if (platform.equals("osx-x64")) {
                assertThat(tokenizer).as("DJL ships no tokenizer for macOS on Intel (docs/recall.md says so)").isFalse();
            } else {
                assertThat(tokenizer).as(platform + ": DJL's tokenizer").isTrue();
            }
        });
    }

    private static boolean resource(String directory) {
        return PlatformJarTest.class.getClassLoader().getResource(directory) != null;
    }

    private static Map<String, Natives> platforms() throws Exception {
        Element pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of("pom.xml").toFile())
                .getDocumentElement();
        Map<String, Natives> platforms = new LinkedHashMap<>();
        NodeList profiles = pom.getElementsByTagName("profile");
        for (int i = 0; i < profiles.getLength(); i++) {
            Element profile = (Element) profiles.item(i);
            String id = text(profile, "id");
            if (id.startsWith("platform-")) {
                assertThat(text(profile, "value")).as(id + " is activated by its own name").isEqualTo(
                        id.substring("platform-".length()));
                platforms.put(id.substring("platform-".length()), new Natives(
                        text(profile, "memdir.native.onnxruntime"), text(profile, "memdir.native.tokenizers")));
            }
        }
        return platforms;
    }

    private static String text(Element parent, String tag) {
        return parent.getElementsByTagName(tag).item(0).getTextContent().strip();
    }
}
