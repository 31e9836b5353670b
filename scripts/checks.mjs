#!/usr/bin/env node
// The static checks of `npm test`, on two lanes at once: the type checks (`npm run typecheck`) on one, the lint and
// the floor plan (`npm run lint`, then `npm run deps:check`) on the other. Each is mostly one busy process, so on a
// machine of two cores or more the two lanes take the time of the longer one instead of their sum.
// Each lane's output is printed whole when it ends, so the lanes' lines never interleave; the exit status is the
// first failure's.
import { spawn } from 'node:child_process';

const lanes = [['typecheck'], ['lint', 'deps:check']];

function run(script) {
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => done({ script, code: code ?? 1, output: Buffer.concat(output).toString() }));
  });
}

async function lane(scripts) {
  for (const script of scripts) {
    const started = Date.now();
    const { code, output } = await run(script);
    process.stdout.write(`${output}${code === 0 ? 'ok' : 'FAILED'}: npm run ${script} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
    if (code !== 0) return code;
  }
  return 0;
}

const codes = await Promise.all(lanes.map(lane));
process.exit(codes.find((code) => code !== 0) ?? 0);
