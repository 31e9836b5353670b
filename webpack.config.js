/* eslint-disable @typescript-eslint/no-require-imports -- package.json has no "type": webpack reads this file as CommonJS. */
// Builds src/client into dist/client, the folder the server serves (config.clientDir) with history fallback.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { promisify } = require('node:util');
const zlib = require('node:zlib');
const { EsbuildPlugin } = require('esbuild-loader');
const MinimizerPlugin = require('minimizer-webpack-plugin');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

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

/**
 * Writes a brotli (.br) and a gzip (.gz) copy of every script, style sheet and SVG next to it, once per build:
 * the server sends them to browsers that accept them (@fastify/static preCompressed), so a phone downloads
 * about a quarter of the bytes without the server compressing on each request. Brotli at its best quality is a
 * quarter of the build's CPU: every file is compressed at once on libuv's threads, so every core takes part.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => Promise.all(Object.keys(assets).map(async (name) => {
          if (!/\.(js|css|svg|json|webmanifest)$/.test(name)) return;
          const source = compilation.getAsset(name).source.buffer();
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzip(source, { level: 9 }),
          ]);
          compilation.emitAsset(`${name}.br`, new RawSource(br), { development: true });
          compilation.emitAsset(`${name}.gz`, new RawSource(gz), { development: true });
        })),
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
      // The client needs the route table's schemas only as types: see src/client/app/typeboxStub.ts.
      alias: {
        typebox$: path.resolve(__dirname, 'src/client/app/typeboxStub.ts'),
        // react-router's package exports point bundlers at its development build (warnings, checks); production
        // builds take the production one, about a third smaller.
        ...(production ? { 'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs') } : {}),
      },
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
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: {
      // swc for JS: it drops the unused code of large modules (react-router) that esbuild's minifier keeps, as
      // terser (webpack's default) does, for a bundle no larger than terser's in a third of the CPU time, the most
      // of a first `npm start`. esbuild for the CSS.
      minimizer: [
        new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: true, mangle: true } }),
        new EsbuildPlugin({ target: 'es2020', css: true, include: /\.css$/ }),
      ],
      // The first page gets one vendor chunk of what every screen uses (React, MUI's core, Redux, i18next, the
      // router) and the app's own entry; screens bring their own code plus small shared groups. Dexie, recharts
      // and the flags stay in chunks loaded on demand. Chunks under 20 KB are merged into their users rather
      // than fetched as separate requests.
      splitChunks: {
        chunks: 'all',
        minSize: 20_000,
        maxAsyncRequests: 6,
        maxInitialRequests: 4,
        cacheGroups: {
          charts: { test: /[\\/]node_modules[\\/](recharts|d3-[^\\/]+|victory-vendor|decimal\.js-light|es-toolkit|internmap|react-smooth|eventemitter3)[\\/]/, name: 'charts', chunks: 'async', priority: 30, enforce: true },
          dexie: { test: /[\\/]node_modules[\\/]dexie[\\/]/, name: 'dexie', chunks: 'async', priority: 30, enforce: true },
          framework: { test: /[\\/]node_modules[\\/]/, name: 'framework', chunks: 'initial', priority: 20 },
        },
      },
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
