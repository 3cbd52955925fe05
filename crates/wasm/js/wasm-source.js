// Where a .wasm next to the package's files is read from: with fs in Node (a file: URL),
// with fetch elsewhere (the URL itself; bundlers see `new URL('./wasm/...', import.meta.url)`
// in the modules that call this and copy the file as an asset).

const isNode =
  typeof process !== 'undefined' && process.versions != null && process.versions.node != null;

/** What wasm-bindgen's init takes for the .wasm at `url`: its bytes in Node, else the URL. */
export async function wasmSource(url) {
  if (isNode && url.protocol === 'file:') {
    const fs = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:fs/promises');
    return fs.readFile(url);
  }
  return url;
}
