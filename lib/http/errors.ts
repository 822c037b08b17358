export * from "@/lib/errors";
