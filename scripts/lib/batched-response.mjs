// The server's response (scripts/server.mjs): what a page writes in one turn of the event loop leaves in one socket
// write. Next streams a page as several chunks, each written from its own microtask, and calls flushHeaders() just
// before the first: Node then wrote the headers alone and each chunk (or each tick's chunks) in a write of its own,
// 4 socket writes for the shell and 6 for a list page. Each is a system call through the whole TCP stack, so the
// socket is corked at a turn's first write and uncorked when the turn ends (setImmediate): the headers go with the
// first chunk, and a page whose rows stream in later still sends its first part at once, before any I/O is awaited.
// Plain JavaScript, like the server.
import { ServerResponse } from "node:http";

export class BatchedResponse extends ServerResponse {
  #holding = false;

  #hold() {
    const socket = this.socket;
    if (this.#holding || !socket || socket.destroyed) return;
    this.#holding = true;
    socket.cork();
    setImmediate(() => {
      this.#holding = false;
      socket.uncork();
    });
  }

  flushHeaders() {
    this.#hold();
    super.flushHeaders();
  }

  write(...args) {
    this.#hold();
    return super.write(...args);
  }

  end(...args) {
    this.#hold();
    return super.end(...args);
  }
}
