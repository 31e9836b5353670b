/* eslint-disable @typescript-eslint/no-require-imports -- package.json has no "type": webpack reads this file as CommonJS. */
// Builds src/client into dist/client, the folder the server serves (config.clientDir) with history fallback.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { EsbuildPlugin } = require('esbuild-loader');

const publicDir = path.resolve(__dirname, 'public');
const outDir = path.resolve(__dirname, 'dist/client');

/** Copies public/ (service worker, manifest, images) next to the bundle, except the HTML template. */
class CopyPublicPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CopyPublicPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
            const full = path.join(dir, entry.name);
            return entry.isDirectory() ? walk(full) : [full];
          });
          for (const file of walk(publicDir)) {
            const name = path.relative(publicDir, file).split(path.sep).join('/');
            if (name === 'index.html') continue;
            compilation.fileDependencies.add(file);
            compilation.emitAsset(name, new compiler.webpack.sources.RawSource(fs.readFileSync(file)));
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
    entry: { main: './src/client/main.tsx' },
    output: {
      path: outDir,
      publicPath: '/',
      filename: production ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:8].chunk.js' : 'js/[name].chunk.js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // The client needs the route table's schemas only as types: see src/client/build/typeboxStub.ts.
      alias: { typebox$: path.resolve(__dirname, 'src/client/build/typeboxStub.ts') },
    },
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, loader: 'esbuild-loader', options: { target: 'es2020', jsx: 'automatic' } },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(svg|png|jpe?g|gif|webp|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(publicDir, 'index.html'), favicon: path.join(publicDir, 'images/logo.svg') }),
      new MiniCssExtractPlugin({
        filename: production ? 'css/[name].[contenthash:8].css' : 'css/[name].css',
        chunkFilename: production ? 'css/[name].[contenthash:8].chunk.css' : 'css/[name].chunk.css',
      }),
      new CopyPublicPlugin(),
    ],
    optimization: {
      // webpack's default (terser) for JS: it drops the unused code of large modules (react-router) that
      // esbuild's per-file minifier keeps; esbuild for the CSS.
      minimizer: ['...', new EsbuildPlugin({ target: 'es2020', css: true, include: /\.css$/ })],
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer: {
      port: 8080,
      hot: true,
      historyApiFallback: true,
      static: { directory: publicDir },
      proxy: [{ context: ['/api'], target: 'http://localhost:3000' }],
    },
  };
};
