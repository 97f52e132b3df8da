// Production and development builds of the client. `npm run build` writes dist/ and fails when the
// sign-in route's initial JavaScript is above the gzip budget.
const path = require('node:path');
const zlib = require('node:zlib');
const webpack = require('webpack');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { version } = require('./package.json');

const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

/** Computes every chunk's gzip size, writes dist/bundle-report.json and enforces the budget. */
class GzipBudgetPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('GzipBudgetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'GzipBudgetPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          const gzip = (name) => zlib.gzipSync(assets[name].source(), { level: 9 }).length;
          const initial = compilation.entrypoints.get('main').getFiles().filter((f) => f.endsWith('.js'));
          // Lazy chunks have numeric ids; name them after their first module for the report.
          const nameOf = (chunk) => {
            if (chunk.name) return chunk.name;
            const first = [...compilation.chunkGraph.getChunkModulesIterable(chunk)].map((m) => m.nameForCondition?.() ?? '').find((n) => n.includes('/src/'));
            return first ? path.relative(__dirname, first) : String(chunk.id);
          };
          const chunks = [...compilation.chunks].map((chunk) => ({
            name: nameOf(chunk),
            initial: chunk.canBeInitial(),
            files: [...chunk.files].filter((f) => f.endsWith('.js') || f.endsWith('.css')),
          }));
          const report = {
            budgetBytes: INITIAL_JS_BUDGET_BYTES,
            initialJsGzipBytes: initial.reduce((sum, f) => sum + gzip(f), 0),
            chunks: chunks.flatMap((c) =>
              c.files.map((file) => ({ chunk: c.name, file, initial: c.initial, bytes: assets[file].size(), gzipBytes: gzip(file) })),
            ),
          };
          compilation.emitAsset('bundle-report.json', new webpack.sources.RawSource(JSON.stringify(report, null, 2)));
          if (compiler.options.mode === 'production' && report.initialJsGzipBytes > INITIAL_JS_BUDGET_BYTES) {
            compilation.errors.push(
              new webpack.WebpackError(
                `Bundle budget: the sign-in route loads ${(report.initialJsGzipBytes / 1024).toFixed(1)} KB of gzipped JavaScript, above ${INITIAL_JS_BUDGET_BYTES / 1024} KB.`,
              ),
            );
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
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
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
        ],
      }),
      new MiniCssExtractPlugin({ filename: production ? 'assets/[name].[contenthash:12].css' : 'assets/[name].css' }),
      new GzipBudgetPlugin(),
    ],
    optimization: {
      splitChunks: { chunks: 'async' },
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
