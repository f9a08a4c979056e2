const fs = require('fs'); const { Resvg } = require('@resvg/resvg-js');
const { execFileSync } = require('child_process');
const svg = fs.readFileSync('/tmp/art/dbg.svg', 'utf8');
if (process.argv[2]) { new Resvg(fs.readFileSync(process.argv[2], 'utf8')).render(); process.exit(0); }
const ok = (s) => { fs.writeFileSync('/tmp/art/b.svg', s); try { execFileSync('node', [__filename, '/tmp/art/b.svg'], { stdio: 'ignore' }); return true; } catch { return false; } };
console.log('full ok?', ok(svg));
// remove elements one at a time: split by lines
const lines = svg.split('\n');
for (let i = 0; i < lines.length; i++) {
  const s = lines.filter((_, j) => j !== i).join('\n');
  if (ok(s)) console.log('removing line', i, 'fixes:', lines[i].slice(0, 200));
}
