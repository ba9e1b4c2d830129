package dev.memdir.recall.model;

import dev.langchain4j.model.embedding.onnx.PoolingMode;
import dev.memdir.recall.Embedder;
import dev.memdir.recall.Scripts;

/**
 * Recall's embedding model: two small int8 models from langchain4j's Maven artifacts, BAAI's bge-small-zh-v1.5 for
 * queries written mostly in Chinese, Japanese or Korean characters, Microsoft's e5-small-v2 for the others. No small
 * model on Maven Central reads both languages well (docs/recall.md has the figures), so a passage is embedded by
 * both, into one vector of two unit-length halves, and a query only by the model of its script, the other half zero:
 * the dot product is then the chosen model's cosine. Both halves count even for a passage in the other model's
 * language: e5's reading of a Chinese note, names and numbers, is what lets an English question find it (leaving it
 * out took cross-language questions from R@5 0.45 to 0.19 on the evaluation set).
 */
public final class BilingualModel implements Embedder {

    /** The name vectors of this model are kept under. */
    public static final String MODEL = "bge-small-zh-v1.5-q+e5-small-v2-q";
    private static final int CHINESE_DIMENSIONS = 512;
    private static final int ENGLISH_DIMENSIONS = 384;
    /** The instruction bge's authors put before a short query for passage retrieval. */
    private static final String CHINESE_QUERY = "为这个句子生成表示以用于检索相关文章：";

    private final OnnxModel chinese;
    private final OnnxModel english;

    private BilingualModel(OnnxModel chinese, OnnxModel english) {
        this.chinese = chinese;
        this.english = english;
    }

    /** Loads both models from the jar. */
    public static Embedder load() {
        return new BilingualModel(OnnxModel.load("bge-small-zh-v1.5-q", PoolingMode.CLS),
                OnnxModel.load("e5-small-v2-q", PoolingMode.MEAN));
    }

    @Override
    public String model() {
        return MODEL;
    }

    @Override
    public float[] passage(String text) {
        return concat(chinese.embed(text), english.embed("passage: " + text));
    }

    @Override
    public float[] query(String text) {
        return Scripts.mostlyCjk(text) ? concat(chinese.embed(CHINESE_QUERY + text), new float[ENGLISH_DIMENSIONS])
                : concat(new float[CHINESE_DIMENSIONS], english.embed("query: " + text));
    }

    /**
     * Hands the C heap's free memory back to the system (glibc's {@code malloc_trim}): a burst of embedding leaves
     * tens of megabytes free in the arenas of the threads that ran it, counted in the process's RSS until trimmed.
     */
    @Override
    public void rest() {
        NativeHeap.trim();
    }

    private static float[] concat(float[] first, float[] second) {
        float[] both = new float[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
