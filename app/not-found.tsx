import Link from "next/link";

export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-3 text-muted">The page you asked for does not exist or was removed.</p>
      <Link href="/" className="mt-6 inline-block font-medium text-primary underline">
        Go to the start page
      </Link>
    </main>
  );
}
