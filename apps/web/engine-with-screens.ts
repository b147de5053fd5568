import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite';

/**
 * The offline engine's files (the engine and its IndexedDB store, 11 kB gzipped; the contract's schemas load in the
 * checking worker, decision 0042) are fetched together with the screens that show the device's copy, and
 * run once the screen has painted (decision 0040).
 *
 * The shell imports the engine with `import()` after the first paint, so that its evaluation does not
 * delay it. Fetched only then, the files were a third round of requests, and /projects, a project's
 * page and /sync waited for them. Here they are added to those screens' preload lists: the browser
 * fetches them with the screen's file (`<link rel="modulepreload">` downloads and parses, it does not
 * run), and the shell's `import()` finds them there.
 */
const ENGINE_ENTRY = /[\\/]src[\\/]offline[\\/]open-engine\.ts$/;
// The screens whose largest content is read from the device's copy: /projects, a project's page, /sync.
// Elsewhere the engine's files would share the slow link with what the screen waits for. Measured with
// Lighthouse (docs/performance.md): with the shell, LCP came 300 to 450 ms later on /me and /dashboard;
// with /tasks, its first paint (a spinner until the copy is read) came 350 ms later.
const ENGINE_SCREENS = ['projects-page', 'project-detail-page', 'sync-page'];
const ENGINE_SCREEN_FILE = new RegExp(`(^|/)(${ENGINE_SCREENS.join('|')})-[\\w-]{8}\\.js$`);

export function engineWithScreens(): {
  plugin: Plugin;
  resolveDependencies: ResolveModulePreloadDependenciesFn;
} {
  let engineFiles: string[] = [];
  const screensSeen = new Set<string>();
  return {
    plugin: {
      name: 'jalon:engine-with-screens',
      apply: 'build',
      // Runs before Vite's own generateBundle, which calls resolveDependencies below.
      generateBundle(_options, bundle) {
        const engine = Object.values(bundle).find(
          (file) =>
            file.type === 'chunk' && file.facadeModuleId !== null && ENGINE_ENTRY.test(file.facadeModuleId),
        );
        // A renamed file would turn this off without a word: the build fails instead.
        if (engine?.type !== 'chunk')
          this.error('engine-with-screens: no chunk for src/offline/open-engine.ts');
        engineFiles = [engine.fileName, ...engine.imports];
      },
      writeBundle() {
        const missing = ENGINE_SCREENS.filter((screen) => !screensSeen.has(screen));
        if (engineFiles.length > 0 && missing.length > 0)
          this.error(`engine-with-screens: no lazy import of ${missing.join(', ')} was found`);
      },
    },
    resolveDependencies: (filename, deps) => {
      const screen = ENGINE_SCREEN_FILE.exec(filename)?.[2];
      if (!screen) return deps;
      screensSeen.add(screen);
      return [...new Set([...deps, ...engineFiles])];
    },
  };
}
