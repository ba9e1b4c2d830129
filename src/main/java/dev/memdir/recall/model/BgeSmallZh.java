package dev.memdir.recall.model;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import dev.memdir.recall.Embedder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/**
 * BAAI's bge-small-zh-v1.5, quantized to int8 (24 MB), as langchain4j ships it in a Maven artifact: 512 dimensions,
 * for Chinese and English. Run by ONNX Runtime on the calling thread (one thread per call, so the number of threads
 * embedding at once is the caller's to cap), its weights read off the heap.
 */
public final class BgeSmallZh implements Embedder {

    /** The name vectors of this model are kept under. */
    public static final String MODEL = "bge-small-zh-v1.5-q";
    private static final String WEIGHTS = "/bge-small-zh-v1.5-q.onnx";
    private static final String TOKENIZER = "/bge-small-zh-v1.5-q-tokenizer.json";
    /** The instruction the model's authors put before a short query for passage retrieval. */
    private static final String QUERY_INSTRUCTION = "为这个句子生成表示以用于检索相关文章：";

    private final EmbeddingModel model;

    private BgeSmallZh(EmbeddingModel model) {
        this.model = model;
    }

    /** Loads the model from the jar. */
    public static Embedder load() {
        try (InputStream tokenizer = resource(TOKENIZER)) {
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            OrtSession session = environment.createSession(weights(), options);
            OnnxBertBiEncoder encoder = new OnnxBertBiEncoder(environment, session, tokenizer, PoolingMode.CLS);
            return new BgeSmallZh(new AbstractInProcessEmbeddingModel(Runnable::run) {
                @Override
                protected OnnxBertBiEncoder model() {
                    return encoder;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime cannot load " + MODEL + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String model() {
        return MODEL;
    }

    @Override
    public float[] passage(String text) {
        return model.embed(text).content().vector();
    }

    @Override
    public float[] query(String text) {
        return model.embed(QUERY_INSTRUCTION + text).content().vector();
    }

    /** The weights in a direct buffer, so that 24 MB pass to ONNX Runtime without growing the heap. */
    private static ByteBuffer weights() throws IOException {
        try (InputStream in = resource(WEIGHTS)) {
            ByteBuffer weights = ByteBuffer.allocateDirect(32 << 20);
            byte[] chunk = new byte[1 << 16];
            for (int read = in.read(chunk); read > 0; read = in.read(chunk)) {
                if (weights.remaining() < read) {
                    ByteBuffer larger = ByteBuffer.allocateDirect(weights.capacity() * 2);
                    weights.flip();
                    weights = larger.put(weights);
                }
                weights.put(chunk, 0, read);
            }
            return weights.flip();
        }
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = BgeSmallZh.class.getResourceAsStream(name);
        if (in == null) {
            throw new IOException("the jar holds no " + name.substring(1));
        }
        return in;
    }
}
