/** Reads Server-Sent Events from a streaming response, for tests. */
export type SseEvent = { id?: string; event: string; data: string };

export function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const received: SseEvent[] = [];

  async function pump(deadline: number): Promise<boolean> {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return false;
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), remaining))]);
    if (!chunk || chunk.done) return false;
    buffer += decoder.decode(chunk.value, { stream: true });
    let idx = buffer.indexOf('\n\n');
    while (idx >= 0) {
      const block = buffer.slice(0, idx);
      buffer = buffer.slice(idx + 2);
      const ev: SseEvent = { event: 'message', data: '' };
      for (const line of block.split('\n')) {
        if (line.startsWith('id:')) ev.id = line.slice(3).trim();
        else if (line.startsWith('event:')) ev.event = line.slice(6).trim();
        else if (line.startsWith('data:')) ev.data += line.slice(5).trim();
      }
      if (block.trim() && !block.startsWith(':')) received.push(ev);
      idx = buffer.indexOf('\n\n');
    }
    return true;
  }

  return {
    received,
    /** Waits until an event matching `predicate` arrives, or returns undefined after `ms`. */
    async waitFor(predicate: (e: SseEvent) => boolean, ms = 3000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (!(await pump(deadline))) return received.find(predicate);
      }
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}
