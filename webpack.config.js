// Production and development builds of the client. `npm run build` writes dist/ and fails when the
// sign-in route's initial JavaScript or any lazy chunk is above its gzip budget, or when
// react-router's development build slipped in; it also writes a .br and a .gz beside every text
// asset for the server to send as they are (server/http/staticClient.ts).
const path = require('node:path');
const zlib = require('node:zlib');
const webpack = require('webpack');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { version } = require('./package.json');

const INITIAL_JS_BUDGET_BYTES = 125 * 1024;
/** Every lazy chunk: a page and what it loads with it. */
const LAZY_CHUNK_BUDGET_BYTES = 50 * 1024;
/**
 * The calculation script editor's CodeMirror loads only with that editor, split by package into
 * the chunks below. @codemirror/view is one module of about 60 KB gzip that cannot be split, so
 * its chunk alone has this budget.
 */
const EDITOR_VIEW_CHUNK = 'codemirror-view';
const EDITOR_VIEW_BUDGET_BYTES = 62 * 1024;
const codemirrorChunk = (name, packages, priority) => ({
  test: new RegExp(`[\\/]node_modules[\\/](${packages.join('|')})[\\/]`),
  name,
  chunks: 'async',
  enforce: true,
  priority,
});
const REACT_ROUTER_DIR = path.dirname(require.resolve('react-router/package.json'));

const KB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Computes every chunk's gzip size, writes dist/bundle-report.json and enforces the budgets: the
 * sign-in route's initial JavaScript, and every lazy chunk (a page and what it loads with it).
 */
class GzipBudgetPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('GzipBudgetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'GzipBudgetPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          const gzip = (name) => zlib.gzipSync(assets[name].source(), { level: 9 }).length;
          // What a browser that accepts brotli receives (PrecompressPlugin wrote it).
          const wire = (name) => (assets[`${name}.br`] ?? assets[name]).size();
          const initial = compilation.entrypoints.get('main').getFiles().filter((f) => f.endsWith('.js'));
          const { moduleGraph, chunkGraph } = compilation;
          const rootOf = (m) => m.rootModule ?? m;
          const isImportTarget = (m) => [...moduleGraph.getIncomingConnections(rootOf(m))].some((c) => c.dependency?.type === 'import()');
          // Lazy chunks have numeric ids; name them after the module they were imported for (the
          // page), else after their first module of ours.
          const nameOf = (chunk) => {
            if (chunk.name) return chunk.name;
            const modules = [...chunkGraph.getChunkModulesIterable(chunk)].filter((m) => (rootOf(m).nameForCondition?.() ?? '').includes('/src/'));
            const named = modules.find(isImportTarget) ?? modules[0];
            return named ? path.relative(__dirname, rootOf(named).nameForCondition()) : String(chunk.id);
          };
          const chunks = [...compilation.chunks].map((chunk) => ({
            name: nameOf(chunk),
            initial: chunk.canBeInitial(),
            files: [...chunk.files].filter((f) => f.endsWith('.js') || f.endsWith('.css')),
          }));
          const report = {
            budgetBytes: INITIAL_JS_BUDGET_BYTES,
            lazyChunkBudgetBytes: LAZY_CHUNK_BUDGET_BYTES,
            initialJsGzipBytes: initial.reduce((sum, f) => sum + gzip(f), 0),
            initialJsWireBytes: initial.reduce((sum, f) => sum + wire(f), 0),
            chunks: chunks.flatMap((c) =>
              c.files.map((file) => ({ chunk: c.name, file, initial: c.initial, bytes: assets[file].size(), gzipBytes: gzip(file), wireBytes: wire(file) })),
            ),
          };
          compilation.emitAsset('bundle-report.json', new webpack.sources.RawSource(JSON.stringify(report, null, 2)));
          if (compiler.options.mode !== 'production') return;
          const fail = (message) => compilation.errors.push(new webpack.WebpackError(`Bundle budget: ${message}`));
          if (report.initialJsGzipBytes > INITIAL_JS_BUDGET_BYTES) {
            fail(`the sign-in route loads ${KB(report.initialJsGzipBytes)} of gzipped JavaScript, above ${KB(INITIAL_JS_BUDGET_BYTES)}.`);
          }
          for (const c of report.chunks) {
            const budget = c.chunk === EDITOR_VIEW_CHUNK ? EDITOR_VIEW_BUDGET_BYTES : LAZY_CHUNK_BUDGET_BYTES;
            if (!c.initial && c.file.endsWith('.js') && c.gzipBytes > budget) {
              fail(`the lazy chunk ${c.file} (${c.chunk}) is ${KB(c.gzipBytes)} gzipped, above ${KB(budget)}.`);
            }
          }
          // The package's exports name only its development build; the alias below must win.
          const development = path.join(REACT_ROUTER_DIR, 'dist', 'development') + path.sep;
          if ([...compilation.modules].some((m) => m.resource?.startsWith(development))) {
            fail("react-router's development build is in the output; resolve.alias should pick dist/production.");
          }
        },
      );
    });
  }
}

/**
 * Writes `<asset>.br` and `<asset>.gz` beside every text asset that compresses, at build time, so
 * the server sends them as they are instead of compressing on every request.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const name of Object.keys(assets).filter((n) => /\.(js|css|html|svg|json)$/.test(n))) {
            const source = assets[name].buffer();
            const brotli = zlib.brotliCompressSync(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            });
            const gzip = zlib.gzipSync(source, { level: 9 });
            const info = compilation.assetsInfo.get(name) ?? {};
            if (brotli.length < source.length) compilation.emitAsset(`${name}.br`, new webpack.sources.RawSource(brotli), { immutable: info.immutable });
            if (gzip.length < source.length) compilation.emitAsset(`${name}.gz`, new webpack.sources.RawSource(gzip), { immutable: info.immutable });
          }
        },
      );
    });
  }
}

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:12].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:12].js' : 'assets/[name].js',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // react-router's package exports only ever name dist/development (ENABLE_DEV_WARNINGS on);
      // production builds take the production build it ships beside it.
      alias: production
        ? {
            'react-router$': path.join(REACT_ROUTER_DIR, 'dist/production/index.mjs'),
            'react-router/dom$': path.join(REACT_ROUTER_DIR, 'dist/production/dom-export.mjs'),
          }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { module: 'ESNext', sourceMap: true } } },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.APP_VERSION': JSON.stringify(version),
      }),
      new HtmlWebpackPlugin({ template: './public/index.html' }),
      // The EULA is a static document: the setup wizard embeds it and links to it (SPEC §2).
      new CopyWebpackPlugin({
        patterns: [
          { from: 'public/eula.html', to: 'eula.html' },
          { from: 'public/eula.css', to: 'eula.css' },
          { from: 'public/favicon.svg', to: 'favicon.svg' },
        ],
      }),
      new MiniCssExtractPlugin({ filename: production ? 'assets/[name].[contenthash:12].css' : 'assets/[name].css' }),
      ...(production ? [new PrecompressPlugin()] : []),
      new GzipBudgetPlugin(),
    ],
    optimization: {
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          codemirrorView: codemirrorChunk(EDITOR_VIEW_CHUNK, ['@codemirror[\\/]view', 'style-mod', 'w3c-keyname', 'crelt', '@marijn'], 40),
          codemirrorState: codemirrorChunk('codemirror-state', ['@codemirror[\\/](state|commands|autocomplete)'], 30),
          codemirrorLanguage: codemirrorChunk('codemirror-language', ['@codemirror[\\/]language', '@lezer[\\/](common|lr|highlight)'], 30),
          codemirrorJavascript: codemirrorChunk('codemirror-javascript', ['@codemirror[\\/](lang-javascript|lint)', '@lezer[\\/]javascript'], 30),
        },
      },
      minimizer: [
        new TerserPlugin({
          extractComments: false,
          terserOptions: { ecma: 2020, module: true, compress: { passes: 2, pure_getters: true }, format: { comments: false } },
        }),
      ],
      // Numeric ids: named ones make the runtime's chunk map about 1.5 KB gzip larger.
      chunkIds: production ? 'deterministic' : 'named',
    },
    performance: { hints: false },
    stats: production ? 'errors-warnings' : 'minimal',
  };
};
