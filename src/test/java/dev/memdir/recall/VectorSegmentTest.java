package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VectorSegmentTest {

    private static final String SHA_A = "a".repeat(64);
    private static final String SHA_B = "0123456789abcdef".repeat(4);

    @Test
    void aSegmentDecodesToTheModelAndVectorsItWasMadeOf() {
        Map<String, ContentVectors> vectors = new LinkedHashMap<>();
        vectors.put(SHA_A, ContentVectors.of(3, new float[][] {{0.6f, -0.8f, 0f}}));
        vectors.put(SHA_B, ContentVectors.of(3, new float[][] {{1f, 0f, 0f}, {0f, 0f, -1f}}));

        VectorSegment.Decoded decoded = VectorSegment.decode(VectorSegment.encode("model-x", 3, vectors));

        assertThat(decoded.model()).isEqualTo("model-x");
        assertThat(decoded.vectors()).containsOnlyKeys(SHA_A, SHA_B);
        ContentVectors b = decoded.vectors().get(SHA_B);
        assertThat(b.passages()).isEqualTo(2);
        assertThat(Arrays.equals(b.values(), vectors.get(SHA_B).values())).isTrue();
        assertThat(b.closest(new float[] {0f, 0f, -1f}, ContentVectors.Span.of(new float[] {0f, 0f, -1f})).orElseThrow().similarity()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(decoded.vectors().get(SHA_A).closest(new float[] {0.6f, -0.8f, 0f}, ContentVectors.Span.of(new float[] {0.6f, -0.8f, 0f})).orElseThrow().similarity())
                .isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void bytesCutShortOrTrailingAreRefused() {
        byte[] whole = VectorSegment.encode("m", 2, Map.of(SHA_A, ContentVectors.of(2, new float[][] {{1, 0}})));

        assertThatThrownBy(() -> VectorSegment.decode(Arrays.copyOf(whole, whole.length - 1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> VectorSegment.decode(Arrays.copyOf(whole, whole.length + 1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> VectorSegment.decode("not a segment".getBytes()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRecordClaimingMorePassagesThanItsBytesHoldIsRefusedBeforeAnythingIsAllocated() {
        ByteBuffer forged = ByteBuffer.allocate(4 + 2 + 1 + 2 + 4 + 32 + 2).order(ByteOrder.LITTLE_ENDIAN);
        forged.putInt(0x3156444d).putShort((short) 1).put((byte) 'm').putShort((short) 0xffff).putInt(1)
                .put(new byte[32]).putShort((short) 0xffff);

        assertThatThrownBy(() -> VectorSegment.decode(forged.array())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a vector segment cut short");
    }
}
