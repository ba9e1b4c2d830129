package dev.memdir.recall;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The bytes of one segment of the vector shelf: a header naming the model and the dimension, then for each content
 * its SHA-256 and its passages' quantized vectors. Little-endian: {@code MDV1}, model (u16 length, UTF-8),
 * dimensions (u16), record count (i32); each record: 32 bytes of SHA-256, passage count (u16), and per passage its
 * scale (f32) and its values (one signed byte per dimension).
 */
final class VectorSegment {

    private static final int MAGIC = 0x3156444d; // "MDV1" read little-endian
    private static final HexFormat HEX = HexFormat.of();

    /** A decoded segment: the model its vectors are of and each content's vectors by SHA-256 hex. */
    record Decoded(String model, Map<String, ContentVectors> vectors) {}

    private VectorSegment() {}

    static byte[] encode(String model, int dimensions, Map<String, ContentVectors> vectors) {
        byte[] modelBytes = model.getBytes(StandardCharsets.UTF_8);
        int size = 4 + 2 + modelBytes.length + 2 + 4;
        for (ContentVectors content : vectors.values()) {
            size += 32 + 2 + content.passages() * (4 + dimensions);
        }
        ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(MAGIC).putShort((short) modelBytes.length).put(modelBytes).putShort((short) dimensions)
                .putInt(vectors.size());
        vectors.forEach((sha256, content) -> {
            out.put(HEX.parseHex(sha256)).putShort((short) content.passages());
            for (int p = 0; p < content.passages(); p++) {
                out.putFloat(content.scales()[p]).put(content.values(), p * dimensions, dimensions);
            }
        });
        return out.array();
    }

    /** Decodes {@code bytes}; bytes that are not a whole segment are an {@link IllegalArgumentException}. */
    static Decoded decode(byte[] bytes) {
        try {
            ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            if (in.getInt() != MAGIC) {
                throw new IllegalArgumentException("not a vector segment");
            }
            byte[] modelBytes = new byte[Short.toUnsignedInt(in.getShort())];
            in.get(modelBytes);
            int dimensions = Short.toUnsignedInt(in.getShort());
            int count = in.getInt();
            Map<String, ContentVectors> vectors = new LinkedHashMap<>();
            for (int r = 0; r < count; r++) {
                byte[] sha256 = new byte[32];
                in.get(sha256);
                int passages = Short.toUnsignedInt(in.getShort());
                if ((long) passages * (4 + dimensions) > in.remaining()) {
                    throw new IllegalArgumentException("a vector segment cut short");
                }
                byte[] values = new byte[passages * dimensions];
                float[] scales = new float[passages];
                for (int p = 0; p < passages; p++) {
                    scales[p] = in.getFloat();
                    in.get(values, p * dimensions, dimensions);
                }
                vectors.put(HEX.formatHex(sha256), new ContentVectors(dimensions, values, scales));
            }
            if (in.hasRemaining()) {
                throw new IllegalArgumentException("a vector segment with bytes after its last record");
            }
            return new Decoded(new String(modelBytes, StandardCharsets.UTF_8), vectors);
        } catch (java.nio.BufferUnderflowException | NegativeArraySizeException cut) {
            throw new IllegalArgumentException("a vector segment cut short", cut);
        }
    }
}
