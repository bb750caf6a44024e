// The terminal modes the full-screen app runs in, entered and left the same
// way on the process's own terminal (run.tsx) and on a served one (serve/).

/**
 * The alternate screen, cursor home, no cursor, and no line wrap: a line one
 * column too wide is cut, never wrapped onto the next row or scrolling the screen.
 */
export const ENTER_APP_SCREEN = '\u001B[?1049h\u001B[H\u001B[?25l\u001B[?7l';

/**
 * Blank and the cursor home before leaving: a terminal resized meanwhile (tmux
 * 3.3 at least) folds the alternate screen's rows above the cursor into the
 * screen it gives back, and an empty screen has nothing to fold. Then line wrap
 * and the cursor back, and the screen as it was.
 */
export const LEAVE_APP_SCREEN = '\u001B[H\u001B[2J\u001B[?7h\u001B[?25h\u001B[?1049l';
