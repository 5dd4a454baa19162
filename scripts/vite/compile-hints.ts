import type { Plugin } from 'vite';

// V8's explicit compile hint (Chrome 136 and later, decision 060) on each script of the web build.
// V8 compiles a function only when it is first called, on the main thread, unless it guesses the
// function runs at once; with the hint it compiles every function of the file on a background
// thread while the file downloads. The app's code is split so that a chunk is fetched just before
// it runs (a page's code, a dialog's at its press), so most of a chunk's functions are called as
// soon as it arrives: hydrating /search compiled React's functions one by one between its slices,
// in tasks that Lighthouse counted as blocking. Other browsers read it as a comment.

/** V8's magic comment; it counts only on a file's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function compileHints(): Plugin {
  return {
    name: 'pawstay:compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    // After Vite's own: its preload helper puts a line at the top of the chunks that import others.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // The source map, an asset beside the script by then, starts one line later too.
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type !== 'asset' || typeof map.source !== 'string') continue;
          const parsed = JSON.parse(map.source) as { mappings: string };
          parsed.mappings = `;${parsed.mappings}`;
          map.source = JSON.stringify(parsed);
        }
      },
    },
  };
}
