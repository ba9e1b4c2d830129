package dev.memdir.recall.model;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/**
 * A BERT-style sentence embedding model as langchain4j ships it in a Maven artifact (int8 ONNX weights and a Hugging
 * Face tokenizer as resources of the jar), run by ONNX Runtime on the calling thread, one thread per call, so the
 * number of threads embedding at once is the caller's to cap. Its vectors have unit length.
 */
final class OnnxModel {

    private final EmbeddingModel model;

    private OnnxModel(EmbeddingModel model) {
        this.model = model;
    }

    /** Loads the weights {@code name}.onnx and the tokenizer {@code name}-tokenizer.json from the jar. */
    static OnnxModel load(String name, PoolingMode pooling) {
        try (InputStream tokenizer = resource("/" + name + "-tokenizer.json")) {
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            // Without ONNX Runtime's arena, what a run takes goes back when it ends: about 30 MB less RSS held.
            options.setCPUArenaAllocator(false);
            options.setMemoryPatternOptimization(false);
            OrtSession session = environment.createSession(weights("/" + name + ".onnx"), options);
            OnnxBertBiEncoder encoder = new OnnxBertBiEncoder(environment, session, tokenizer, pooling);
            return new OnnxModel(new AbstractInProcessEmbeddingModel(Runnable::run) {
                @Override
                protected OnnxBertBiEncoder model() {
                    return encoder;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime cannot load " + name + ": " + e.getMessage(), e);
        }
    }

    float[] embed(String text) {
        return model.embed(text).content().vector();
    }

    /** The weights in a direct buffer, so that they pass to ONNX Runtime without growing the heap. */
    private static ByteBuffer weights(String name) throws IOException {
        try (InputStream in = resource(name)) {
            ByteBuffer weights = ByteBuffer.allocateDirect(40 << 20);
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
        InputStream in = OnnxModel.class.getResourceAsStream(name);
        if (in == null) {
            throw new IOException("the jar holds no " + name.substring(1));
        }
        return in;
    }
}
