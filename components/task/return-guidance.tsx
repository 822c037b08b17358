export type Platform = "prolific" | "mturk" | null;

// What a participant who stopped before finishing should do on the platform they came from:
// on Prolific, "return" the submission (so it neither times out nor counts against them).
export function ReturnGuidance({ platform, submitted }: { platform: Platform; submitted: number }) {
  return (
    <section aria-labelledby="return-guidance-heading" className="rounded-card border border-line bg-surface p-6">
      <h2 id="return-guidance-heading" className="text-xl font-semibold">
        You stopped before finishing
      </h2>
      <p className="mt-3 text-lg leading-8">
        {submitted > 0
          ? `The ${submitted} unit${submitted === 1 ? "" : "s"} you submitted ${submitted === 1 ? "is" : "are"} kept. `
          : ""}
        You have no completion code, because the study was not finished.
      </p>
      {platform === "prolific" && (
        <p className="mt-3 text-lg leading-8">
          <strong>On Prolific, please return your submission:</strong> go back to the study on Prolific and choose “Return submission”. Returning
          does not count against you, and it frees your place for someone else.
        </p>
      )}
      {platform === "mturk" && (
        <p className="mt-3 text-lg leading-8">
          <strong>On MTurk, please return the HIT</strong> instead of submitting it, so that it does not count against you.
        </p>
      )}
      {platform === null && <p className="mt-3 text-lg leading-8">You can close this page now. Thank you for your time.</p>}
    </section>
  );
}
