import { spawn } from 'node:child_process';
import { execa } from 'execa';

const which = process.argv[2];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const sub =
    which === 'execa'
      ? execa('cat', ['/tmp/big500.txt'], {
          buffer: false,
          encoding: 'buffer',
          reject: false,
          stdin: 'ignore',
          detached: true,
          cleanup: false,
          stripFinalNewline: false,
        })
      : spawn('cat', ['/tmp/big500.txt'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let n = 0;
  const keep = [];
  sub.stdout.on('data', (d) => {
    n += d.length;
    keep.push(d);
    if (keep.length > 3) keep.shift();
  });
  await new Promise((r) => sub.stdout.on('close', r));
  if (which === 'execa') await sub;
  console.log(
    which,
    n,
    (performance.now() - t).toFixed(0),
    'ms',
    'rss',
    (process.resourceUsage().maxRSS / 1024).toFixed(0),
  );
}
