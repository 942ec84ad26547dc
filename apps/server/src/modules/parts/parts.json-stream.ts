import type { Part } from '@magazzino/contract';

/** A JSON array as text chunks, one per chunk of parts, never built whole. */
export async function* jsonArrayChunks(parts: AsyncIterable<Part[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const chunk of parts) {
    const items = chunk.map((part) => JSON.stringify(part)).join(',');
    yield first ? items : `,${items}`;
    first = false;
  }
  yield ']';
}
