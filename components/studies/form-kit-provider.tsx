"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox, Input, RadioGroup, Section, Select, SubHeading, TextArea } from "@/components/studies/form-controls";
import { GroupError, SummaryRow } from "@/components/studies/form-layout";
import { fieldId } from "@/components/studies/form-errors";
import { FormKitProvider, type FormKit } from "@/lib/designs/form-kit";

// The console's real form controls, handed to designs' form sections (lib/designs/form-kit.tsx).
const KIT: FormKit = { Input, Select, TextArea, Checkbox, RadioGroup, Section, SubHeading, Button, GroupError, SummaryRow, fieldId };

export function ConsoleFormKit({ children }: { children: ReactNode }) {
  return <FormKitProvider kit={KIT}>{children}</FormKitProvider>;
}
