package dev.memdir.memory.s3;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A layered map walks, in order and without copying, exactly what folding its base and delta gives. */
class LayeredMapTest {

    @Test
    void aWalkAndARangeWalk_seeWhatTheFoldedMapHolds() {
        Random random = new Random(23);
        for (int round = 0; round < 200; round++) {
            TreeMap<String, Integer> base = new TreeMap<>();
            for (int i = 0; i < random.nextInt(30); i++) {
                base.put("k" + random.nextInt(40), i);
            }
            LayeredMap<Integer> layered = new LayeredMap<>(base, Map.of());
            for (int i = 0; i < random.nextInt(30); i++) {
                String key = "k" + random.nextInt(40);
                if (random.nextBoolean()) {
                    layered.put(key, 100 + i);
                } else {
                    layered.remove(key);
                }
            }

            Map<String, Integer> walked = new LinkedHashMap<>();
            layered.forEach(walked::put);
            Map<String, Integer> inRange = new LinkedHashMap<>();
            layered.forEachIn("k1", "k3", inRange::put);

            assertThat(walked).containsExactlyEntriesOf(layered.folded());
            assertThat(inRange).containsExactlyEntriesOf(layered.folded().subMap("k1", true, "k3", false));
        }
    }
}
