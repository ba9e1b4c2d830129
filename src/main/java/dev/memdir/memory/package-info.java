/**
 * The memory tool's commands, plain Java with no MCP types: {@link dev.memdir.memory.MemoryTool} parses a call
 * ({@code Arguments}) into one of the sealed command records ({@code View}, {@code Create}, {@code StrReplace},
 * {@code Insert}, {@code Delete}, {@code Rename}, and the history's {@code Restore} and {@code Redact}) and runs it
 * against a store as one unit of work; what the store holds and how is the contract's ({@code store}), what a model
 * reads is {@code render}'s. Beside the commands: {@link dev.memdir.memory.StoreCopy} between two stores and
 * {@link dev.memdir.memory.MemoryAges} of the files.
 */
package dev.memdir.memory;
