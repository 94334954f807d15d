// The command's entry. It answers --version and --help from constants, so those never load more
// than this file; anything else imports the dispatcher, which loads what the chosen mode needs.
import { HELP, VERSION } from './args/help.js';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  process.stdout.write(`${VERSION}\n`);
} else if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
  process.stdout.write(HELP);
} else {
  const { main } = await import('./main.js');
  await main(argv);
}
