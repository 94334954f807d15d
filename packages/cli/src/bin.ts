// The command's entry. It answers --version and --help from constants, so those never load more
// than this file; anything else goes to the launcher, which loads the command's body.
import { HELP, VERSION } from './args/help.js';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  process.stdout.write(`${VERSION}\n`);
} else if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
  process.stdout.write(HELP);
} else {
  const { launch } = await import('./launcher/launch.js');
  await launch(argv);
}
