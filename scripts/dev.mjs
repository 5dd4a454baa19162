// `npm run dev`: the API from source with restarts on change (tsx watch) on :3000, and Vite with
// hot reload on :5173, which proxies /api and /uploads to it. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const bin = (name) => path.resolve('node_modules/.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit' }),
  spawn(bin('vite'), [], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
