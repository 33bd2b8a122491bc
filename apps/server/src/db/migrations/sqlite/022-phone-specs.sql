-- What a buyer compares phones by (issue 27): storage, colour and battery health. Optional, so listings made
-- before this read as "not stated" and a filter on them leaves such listings out. The bounds are the contract's
-- StorageGb, Colour and BatteryHealth.
ALTER TABLE mobiles ADD COLUMN storage_gb INTEGER CHECK (storage_gb IN (16, 32, 64, 128, 256, 512, 1024));
ALTER TABLE mobiles ADD COLUMN colour TEXT CHECK (length(colour) BETWEEN 1 AND 30);
ALTER TABLE mobiles ADD COLUMN battery_health INTEGER CHECK (battery_health BETWEEN 1 AND 100);
