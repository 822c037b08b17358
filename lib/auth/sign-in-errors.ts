// The only texts authorize() may throw: next-auth hands the message to the sign-in page as
// `error`, so it must never carry a driver's text. Shared by the server and the sign-in form.
export const TOO_MANY_ATTEMPTS = "TooManyAttempts";
export const UNAVAILABLE = "SignInUnavailable";

export function tooManyAttempts(retryAfterSeconds: number): string {
  return `${TOO_MANY_ATTEMPTS}:${Math.max(1, Math.ceil(retryAfterSeconds))}`;
}

// The message never says whether the email exists.
export function signInErrorMessage(error: string): string {
  const wait = error.match(/^TooManyAttempts:(\d+)$/)?.[1];
  if (wait) return `Too many failed attempts. Try again in ${inWords(Number(wait))}.`;
  if (error === UNAVAILABLE) return "Sign-in is not available right now. Try again in a minute.";
  return "The email or password is not right.";
}

function inWords(seconds: number): string {
  if (seconds < 120) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
