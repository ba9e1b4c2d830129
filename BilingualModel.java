package dev.memdir.recall.model;

import dev.langchain4j.model.embedding.onnx.PoolingMode;
import dev.memdir.recall.Embedder;

/**
 * Recall's embedding model: two small int8 models from langchain4j's Maven artifacts, BAAI's bge-small-zh-v1.5 for
 * questions in Chinese (or Japanese or Korean) and Microsoft's e5-small-v2 for the others. No small model of either
 * reads both languages well (docs/recall.md has the figures), so every passage is embedded by both, into one vector
 * of two unit-length halves, and a query only by the model of its script, its other half zero: the dot product is
 * then the chosen model's cosine.
 */
public final class BilingualModel implements Embedder {

    /** The name vectors of this model are kept under. */
    public static final String MODEL = "bge-small-zh-v1.5-q+e5-small-v2-q";
    /** The instruction bge's authors put before a short query for passage retrieval. */
    private static final String BGE_QUERY = "为这个句子生成表示以用于检索相关文章：";

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
        if (Script.isChineseJapaneseOrKorean(text)) {
            return concat(chinese.embed(BGE_QUERY + text), new float[EnglishSize.DIMENSIONS]);
        }
        return concat(new float[ChineseSize.DIMENSIONS], english.embed("query: " + text));
    }

    private static float[] concat(float[] first, float[] second) {
        float[] both = new float[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
