import Link from "next/link";

export default function Forbidden() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-2xl font-semibold">Not allowed</h1>
      <p className="mt-3 text-muted">Your role does not give access to this page. Ask an administrator if you need it.</p>
      <Link href="/" className="mt-6 inline-block font-medium text-primary underline">
        Go to your start page
      </Link>
    </main>
  );
}
